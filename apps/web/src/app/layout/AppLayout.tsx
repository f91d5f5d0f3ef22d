import { Alert, Anchor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { messages } from '@portal/contract';
import { lazy, Suspense, useMemo } from 'react';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';

import { readActingState } from '../../features/admin/acting-as.ts';
import { UnverifiedEmailBanner } from '../../features/profile/components/UnverifiedEmailBanner.tsx';
import { MissingProfileNotice } from '../../features/provider/components/MissingProfileNotice.tsx';
import { useBrand } from '../../lib/brand.ts';
import { paths } from '../../config/paths.ts';
import { readTokenPayload } from '../../lib/token.ts';
import { useLoginData } from '../../lib/use-session.ts';
import { DocumentTitle } from '../../components/ui/DocumentTitle.tsx';
import { HydrationPart } from '../../components/ui/HydrationPart.tsx';
import classes from './AppLayout.module.css';
import { HeaderBar } from './HeaderBar.tsx';
import { buildNav, hidesPageWithoutAccounts } from './nav-model.ts';
import { Sidebar } from './Sidebar.tsx';

/**
 * Only a staff member acting as a customer sees this banner, and this tab knows that from its own
 * storage before the first render: everyone else's first page does not carry its code (decision 105).
 */
const ActingAsBanner = lazy(() =>
  import('../../features/admin/components/ActingAsBanner.tsx').then((m) => ({ default: m.ActingAsBanner })),
);

/** The page template of every signed-in page: header, sidebar and the page (layout in AppLayout.module.css). */
export function AppLayout() {
  const session = useLoginData();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const nav = useMemo(() => buildNav({ ...session, adminLevel: readTokenPayload()?.uss_admin_level }), [session]);
  const pageHidden = hidesPageWithoutAccounts(pathname, session.accounts.length);
  // Staff are told while no provider profile names the portal (decision 123); customers see the neutral name.
  const staff = readTokenPayload()?.uss_admin_level ?? 0;
  const profileMissing = useBrand().missing && staff >= 1;

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={classes.header}>
        {/* Each part of a page the server rendered is taken over in a task of its own (decision 109). */}
        <HydrationPart>
          <HeaderBar user={session.user} navOpened={navOpened} onToggleNav={toggle} />
        </HydrationPart>
      </header>
      <nav
        id="portal-sidebar"
        className={classes.navbar}
        aria-label="Main navigation"
        data-testid="sidebar"
        data-opened={navOpened}
      >
        <HydrationPart>
          <Sidebar nav={nav} onNavigate={close} opened={navOpened} />
        </HydrationPart>
      </nav>
      <main id="main" tabIndex={-1} className={classes.main}>
        {navigation.state !== 'idle' && (
          <div className={classes.loading} role="progressbar" aria-label="Loading page" aria-valuetext="Loading" />
        )}
        <DocumentTitle />
        {readActingState() && (
          <Suspense fallback={null}>
            <ActingAsBanner />
          </Suspense>
        )}
        <UnverifiedEmailBanner />
        {profileMissing ? <MissingProfileNotice link={staff >= 3} /> : null}
        <div className={classes.page}>
          {pageHidden ? (
            <Alert color="yellow" variant="light" title="No customer account" role="alert" data-testid="no-accounts">
              {messages.noAccounts}{' '}
              <Anchor component={Link} to={paths.addAccount()}>
                Add an account with its account and invoice numbers
              </Anchor>
              , or ask your company's portal administrator to give you access.
            </Alert>
          ) : (
            <HydrationPart>
              <Outlet />
            </HydrationPart>
          )}
        </div>
      </main>
    </>
  );
}
