import type { Product } from '@portal/contract';
import { describe, expect, it } from 'vitest';

import { deriveProductGroups, groupPath } from './product-groups.ts';

const product = (product_cd: string, product_group: string, active = true): Product => ({
  product_cd,
  product: `${product_cd} product`,
  short_product_name: product_cd,
  product_controller: product_cd,
  product_group,
  active,
});

describe('groupPath', () => {
  it('lowercases and hyphenates the label', () => {
    expect(groupPath('Cloud Services')).toBe('cloud-services');
    expect(groupPath('Backup & Recovery')).toBe('backup-recovery');
    expect(groupPath('  Network ')).toBe('network');
  });
});

describe('deriveProductGroups', () => {
  it('groups active products by label, with their codes, sorted by label', () => {
    const groups = deriveProductGroups([
      product('ob', 'Storage'),
      product('bs', 'Backup Services'),
      product('cv', 'Backup Services'),
      product('xx', 'Retired', false),
      product('oc', 'Cloud'),
    ]);
    expect(groups).toEqual([
      { label: 'Backup Services', path: 'backup-services', codes: ['bs', 'cv'] },
      { label: 'Cloud', path: 'cloud', codes: ['oc'] },
      { label: 'Storage', path: 'storage', codes: ['ob'] },
    ]);
  });
  it('leaves out inactive products and groups with only inactive products', () => {
    expect(deriveProductGroups([product('xx', 'Retired', false)])).toEqual([]);
  });
  it('lists a code once', () => {
    expect(deriveProductGroups([product('bs', 'Backup'), product('bs', 'Backup')])[0]?.codes).toEqual(['bs']);
  });
});
