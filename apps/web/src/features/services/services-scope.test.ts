import { describe, expect, it } from 'vitest';

import { parseServicesSegment, scopeFilter, scopeTitle, servicesHeadline } from './services-scope.ts';

const products = [
  { product_cd: 'di', product: 'Dedicated Internet Access' },
  { product_cd: 'bs', product: 'Backup as a Service' },
  { product_cd: 'co', product: 'Colocation' },
];
const groups = [{ label: 'Backup & Recovery', path: 'backup-recovery', codes: ['bs'] }];

describe('services segment and headline (spec services.md section 2)', () => {
  it('reads 2 characters as a product code and anything else as a group path', () => {
    expect(parseServicesSegment(undefined)).toEqual({ kind: 'all' });
    expect(parseServicesSegment('DI')).toEqual({ kind: 'code', code: 'di' });
    expect(parseServicesSegment('backup-recovery')).toEqual({ kind: 'group', path: 'backup-recovery' });
    expect(parseServicesSegment('abc')).toEqual({ kind: 'group', path: 'abc' });
  });

  it('titles the page by group label, product name or All Services', () => {
    expect(scopeTitle({ kind: 'all' }, products, groups)).toBe('All Services');
    expect(scopeTitle({ kind: 'code', code: 'di' }, products, groups)).toBe('Dedicated Internet Access');
    expect(scopeTitle({ kind: 'group', path: 'backup-recovery' }, products, groups)).toBe('Backup & Recovery');
    expect(scopeTitle({ kind: 'group', path: 'no-such-group' }, products, groups)).toBe('No Such Group');
    expect(scopeTitle({ kind: 'code', code: 'zz' }, products, groups)).toBe('ZZ');
  });

  it('appends Services unless the headline ends in Service or Services', () => {
    expect(servicesHeadline('All Services')).toBe('All Services');
    expect(servicesHeadline('Backup as a Service')).toBe('Backup as a Service');
    expect(servicesHeadline('Dedicated Internet Access')).toBe('Dedicated Internet Access Services');
    expect(servicesHeadline('Backup & Recovery')).toBe('Backup & Recovery Services');
    expect(servicesHeadline('Colocation')).toBe('Colocation Services');
    expect(servicesHeadline('Self-Service')).toBe('Self-Service');
  });

  it('turns the scope into the orders call filter', () => {
    expect(scopeFilter({ kind: 'all' })).toEqual({});
    expect(scopeFilter({ kind: 'code', code: 'di' })).toEqual({ search_product_cd: 'di' });
    expect(scopeFilter({ kind: 'group', path: 'network' })).toEqual({ search_product_group: 'network' });
  });
});
