import type { orders } from '@portal/contract';

import type { ProductGroup } from '../../lib/product-groups.ts';

/** What a services page lists: everything, one product code, or one product group. */
export type ServicesScope = { kind: 'all' } | { kind: 'code'; code: string } | { kind: 'group'; path: string };

/** The optional segment of services/{segment}: 2 characters are a product code, anything else a group path. */
export function parseServicesSegment(segment: string | undefined): ServicesScope {
  if (!segment) return { kind: 'all' };
  const value = segment.toLowerCase();
  return value.length === 2 ? { kind: 'code', code: value } : { kind: 'group', path: value };
}

/** "Services" is appended unless the headline already ends in Service or Services. */
export const servicesHeadline = (title: string) =>
  /\bservices?$/i.test(title.trim()) ? title.trim() : `${title.trim()} Services`;

const words = (path: string) =>
  path
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** The group label, the product name, or All Services (an unknown group or code reads as its own words). */
export function scopeTitle(
  scope: ServicesScope,
  products: readonly Pick<orders.Product, 'product_cd' | 'product'>[],
  groups: readonly ProductGroup[],
): string {
  if (scope.kind === 'all') return 'All Services';
  if (scope.kind === 'code')
    return products.find((p) => p.product_cd === scope.code)?.product ?? scope.code.toUpperCase();
  return groups.find((g) => g.path === scope.path)?.label ?? words(scope.path);
}

/** The filter fields of the orders calls for a scope. */
export const scopeFilter = (scope: ServicesScope) =>
  scope.kind === 'code'
    ? { search_product_cd: scope.code }
    : scope.kind === 'group'
      ? { search_product_group: scope.path }
      : {};
