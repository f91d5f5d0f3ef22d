import type { InvoiceProduct } from '@portal/contract';
import { describe, expect, it } from 'vitest';

import { spendByService } from './spend-by-service.ts';

const line = (short_product_name: string, price: number): InvoiceProduct => ({
  product_cd: short_product_name.slice(0, 2).toLowerCase(),
  short_product_name,
  product: `${short_product_name} service`,
  product_group: 'Group',
  price,
  service_count: 1,
});

describe('spendByService', () => {
  it('sums lines per service, largest first', () => {
    expect(spendByService([line('Cloud', 10.1), line('Backup', 50), line('Cloud', 0.2)])).toEqual([
      { label: 'Backup', value: 50 },
      { label: 'Cloud', value: 10.3 },
    ]);
  });
  it('folds the smallest services into one slice beyond the limit', () => {
    const lines = [line('A', 5), line('B', 4), line('C', 3), line('D', 2), line('E', 1)];
    expect(spendByService(lines, 3)).toEqual([
      { label: 'A', value: 5 },
      { label: 'B', value: 4 },
      { label: 'Other services (3)', value: 6 },
    ]);
  });
});
