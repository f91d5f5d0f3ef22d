import { Alert, Anchor, AppShell, Box, Progress } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { layout, messages } from '@portal/contract';
import { useEffect, useMemo } from 'react';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';

import { ActingAsBanner } from '../../features/admin/components/ActingAsBanner.tsx';
import { UnverifiedEmailBanner } from '../../features/profile/components/UnverifiedEmailBanner.tsx';
import { paths } from '../../config/paths.ts';
import { readTokenPayload } from '../../lib/token.ts';
import { useLoginData } from '../../lib/use-session.ts';
import { DocumentTitle } from '../../components/ui/DocumentTitle.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { buildNav, hidesPageWithoutAccounts } from './nav-model.ts';
import { Sidebar } from './Sidebar.tsx';

/**
 * Mantine's shell switches at its breakpoint with both min-width and max-width queries;
 * just under 1024 makes exactly 1024 px the first desktop width (spec: 1024 or more).
 */
const shellBreakpoint = layout.sidebarBreakpoint - 0.02;

/** The page template of every signed-in page: header, sidebar and the page. */
export function AppLayout() {
  const session = useLoginData();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const isDesktop = useMediaQuery(`(min-width: ${layout.sidebarBreakpoint}px)`);

  // The mobile menu closes by itself once the window is wide enough for the fixed sidebar.
  useEffect(() => {
    if (isDesktop) close();
  }, [isDesktop, close]);

  const nav = useMemo(() => buildNav({ ...session, adminLevel: readTokenPayload()?.uss_admin_level }), [session]);
  const pageHidden = hidesPageWithoutAccounts(pathname, session.accounts.length);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: shellBreakpoint, collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppShell.Header bg="navy.9" withBorder={false}>
        <HeaderBar user={session.user} navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar
        id="portal-sidebar"
        p="xs"
        aria-label="Main navigation"
        data-testid="sidebar"
        data-opened={navOpened}
      >
        <Sidebar nav={nav} onNavigate={close} hidden={!isDesktop && !navOpened} />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        {navigation.state !== 'idle' && (
          <Progress
            value={100}
            animated
            size="xs"
            pos="fixed"
            top={60}
            left={0}
            right={0}
            aria-label="Loading page"
            style={{ zIndex: 300 }}
          />
        )}
        <DocumentTitle />
        <ActingAsBanner />
        <UnverifiedEmailBanner />
        <Box maw={1280} mx="auto">
          {pageHidden ? (
            <Alert color="yellow" variant="light" title="No customer account" role="alert" data-testid="no-accounts">
              {messages.noAccounts}{' '}
              <Anchor component={Link} to={paths.addAccount()}>
                Add an account with its account and invoice numbers
              </Anchor>
              , or ask your company's portal administrator to give you access.
            </Alert>
          ) : (
            <Outlet />
          )}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
