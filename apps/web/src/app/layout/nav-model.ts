import type { accounts, resources, users } from '@portal/contract';

import { paths } from '../../config/paths.ts';
import type { ProductGroup } from '../../lib/product-groups.ts';

export interface NavItem {
  label: string;
  to: string;
  children?: NavItem[];
}

export interface NavModel {
  /** The customer's everyday pages: dashboard, billing, notifications, tickets. */
  portal: NavItem[];
  services: NavItem[];
  resources: NavItem[];
  /** Links that depend on the user's role on their accounts. */
  account: NavItem[];
  staff: NavItem[];
}

export interface NavInput {
  user: Pick<users.AuthenticatedUser, 'uss_admin_level'>;
  accounts: readonly Pick<accounts.Account, 'is_account_admin' | 'require_pin'>[];
  productGroups: readonly ProductGroup[];
  categories: readonly resources.ResourceCategory[];
  /** uss_admin_level from the token (the spec's source of staff rights); falls back to the user's. */
  adminLevel?: number;
}

/** Top-level categories with their child categories, each linking to its resource list. */
function resourceTree(categories: readonly resources.ResourceCategory[]): NavItem[] {
  const ids = new Set(categories.map((c) => c.id));
  // A category whose parent is unknown is shown at the top level rather than lost.
  const roots = categories.filter((c) => c.parentCat === null || !ids.has(c.parentCat));
  return roots.map((root) => ({
    label: root.title,
    to: paths.resources(root.id),
    children: categories
      .filter((child) => child.parentCat === root.id)
      .map((child) => ({ label: child.title, to: paths.resources(child.id) })),
  }));
}

/** The sidebar's links for a user (spec core.md sections 2 and 6). */
export function buildNav({ user, accounts: accountList, productGroups, categories, adminLevel }: NavInput): NavModel {
  const level = adminLevel ?? user.uss_admin_level;
  const account: NavItem[] = [];
  if (accountList.some((a) => a.is_account_admin)) {
    account.push(
      { label: 'Manage Users', to: paths.users() },
      { label: 'Manage Accounts', to: paths.manageAccounts() },
    );
  }
  if (accountList.some((a) => a.require_pin)) account.push({ label: 'Compliance PINs', to: paths.pins() });

  const staff: NavItem[] = [];
  if (level >= 1) staff.push({ label: 'Account Access', to: paths.adminAccountAccess() });
  if (level >= 3) staff.push({ label: 'Login as User', to: paths.adminLoginAsUser() });
  if (level >= 3) staff.push({ label: 'Provider Integration', to: paths.adminIntegration() });
  if (level >= 3) staff.push({ label: 'SNMP Devices', to: paths.adminSnmpDevices() });
  if (level >= 3) staff.push({ label: 'Prometheus Sources', to: paths.adminPrometheusSources() });
  if (level >= 3) staff.push({ label: 'Connector Status', to: paths.adminConnectorStatus() });
  if (level >= 3) staff.push({ label: 'Provider Profile', to: paths.adminProviderProfile() });
  if (level >= 1) staff.push({ label: 'Chart Styles', to: paths.adminChartStyles() });

  return {
    portal: [
      { label: 'Dashboard', to: paths.home() },
      { label: 'Invoices', to: paths.invoices() },
      { label: 'Balance History', to: paths.invoicesPay() },
      { label: 'Notifications', to: paths.notifications() },
      { label: 'Tickets', to: paths.tickets() },
    ],
    services: [
      { label: 'All Services', to: paths.services() },
      ...productGroups.map((group) => ({ label: group.label, to: paths.services(group.path) })),
    ],
    resources: resourceTree(categories),
    account,
    staff,
  };
}

/** Areas that stay usable for a user without customer accounts. */
const areasWithoutAccounts = new Set(['login', 'admin', 'users', 'inquire']);

/** True when the no-accounts warning replaces the page (router path, without /portal). */
export function hidesPageWithoutAccounts(pathname: string, accountCount: number): boolean {
  if (accountCount > 0) return false;
  const area = pathname.split('/').filter(Boolean)[0] ?? 'home';
  return !areasWithoutAccounts.has(area);
}

/** The one link to highlight: the most specific link whose path is the page's path or a prefix of it. */
export function activeLink(nav: NavModel, pathname: string): string | undefined {
  const links = Object.values(nav).flatMap((items: NavItem[]) =>
    items.flatMap((item) => [item, ...(item.children ?? [])]),
  );
  return links
    .map((link) => link.to)
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0];
}
