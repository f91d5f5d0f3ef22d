import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { layout } from '@portal/contract';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

import { activeLink, type NavItem, type NavModel } from './nav-model.ts';
import classes from './Sidebar.module.css';

/** Plain links rather than Mantine's NavLink, whose collapse and transition code no link here uses (decision 105). */
function SidebarLink({ item, current, onNavigate }: { item: NavItem; current?: string; onNavigate: () => void }) {
  return (
    <>
      <Link
        className={classes.link}
        to={item.to}
        aria-current={item.to === current ? 'page' : undefined}
        onClick={onNavigate}
      >
        <span className={classes.body}>
          <span className={classes.label}>{item.label}</span>
        </span>
      </Link>
      {item.children?.map((child) => (
        <Link
          key={child.to}
          className={`${classes.link} ${classes.child}`}
          to={child.to}
          aria-current={child.to === current ? 'page' : undefined}
          onClick={onNavigate}
        >
          <span className={classes.body}>
            <span className={classes.label}>{child.label}</span>
          </span>
        </Link>
      ))}
    </>
  );
}

function Section({
  title,
  items,
  current,
  onNavigate,
}: {
  title: string;
  items: NavItem[];
  current?: string;
  onNavigate: () => void;
}) {
  if (items.length === 0) return null;
  const id = `nav-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div role="group" aria-labelledby={id}>
      <Text id={id} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="md" mb={4}>
        {title}
      </Text>
      {items.map((item) => (
        <SidebarLink key={item.to} item={item} current={current} onNavigate={onNavigate} />
      ))}
    </div>
  );
}

export interface SidebarProps {
  nav: NavModel;
  /** Closes the mobile menu: after a click, and once the window is wide enough for the fixed sidebar. */
  onNavigate: () => void;
  /** Whether the mobile menu is open. */
  opened: boolean;
}

/** The sidebar's link sections (the shell's navbar is the navigation landmark). */
export function Sidebar({ nav, onNavigate, opened }: SidebarProps) {
  const { pathname } = useLocation();
  const current = activeLink(nav, pathname);
  // Known only in the browser, after the first render: asked here, not in the layout, so the answer
  // re-renders the sidebar alone and not the whole page it would otherwise (a long task on a phone).
  const isDesktop = useMediaQuery(`(min-width: ${layout.sidebarBreakpoint}px)`);
  useEffect(() => {
    if (isDesktop) onNavigate();
  }, [isDesktop, onNavigate]);
  // The closed mobile menu only slides off-screen: `inert` keeps its links out of the tab order.
  const hidden = !isDesktop && !opened;
  return (
    // A plain scrolling box: the sidebar scrolls on its own when it is taller than the window.
    <div style={{ flex: 1, overflowY: 'auto', overscrollBehavior: 'contain' }} inert={hidden}>
      <div>
        <Section title="Portal" items={nav.portal} current={current} onNavigate={onNavigate} />
        <Section title="Services" items={nav.services} current={current} onNavigate={onNavigate} />
        <Section title="Resources" items={nav.resources} current={current} onNavigate={onNavigate} />
        <Section title="Administration" items={nav.account} current={current} onNavigate={onNavigate} />
        <Section title="Staff" items={nav.staff} current={current} onNavigate={onNavigate} />
      </div>
    </div>
  );
}
