import type { InvoiceProduct } from '@portal/contract';
import { describe, expect, it } from 'vitest';

import { remainingDaysText, servicesBreakdown, totalsByCurrency } from './invoice-rules.ts';

const line = (product: string, price: number, short = ''): InvoiceProduct => ({
  product_cd: product.toLowerCase(),
  short_product_name: short,
  product,
  product_group: 'Cloud',
  price,
  service_count: 1,
});

describe('remainingDaysText', () => {
  it('counts the days left, and says nothing once the invoice is due or overdue', () => {
    expect(remainingDaysText(12)).toBe('12 days remaining');
    expect(remainingDaysText(1)).toBe('1 day remaining');
    expect(remainingDaysText(0)).toBeNull();
    expect(remainingDaysText(-5)).toBeNull();
  });
});

describe('servicesBreakdown', () => {
  it('gives the total and one slice per product, by short name, negative prices as 0', () => {
    expect(servicesBreakdown([line('Colocation', 100, 'Colo'), line('Backup', 50), line('Credit', -20)])).toEqual({
      total: 130,
      slices: [
        { label: 'Colo', value: 100 },
        { label: 'Backup', value: 50 },
        { label: 'Credit', value: 0 },
      ],
    });
  });

  it('has no breakdown when the services add up to zero or less', () => {
    expect(servicesBreakdown([])).toBeNull();
    expect(servicesBreakdown([line('Credit', -10), line('Backup', 10)])).toBeNull();
    expect(servicesBreakdown([line('Credit', -10)])).toBeNull();
  });
});

describe('totalsByCurrency', () => {
  it('adds balances up per currency, never one currency to another, in the order they first appear', () => {
    expect(
      totalsByCurrency([
        { currency: 'EUR', balance: 2149.63 },
        { currency: 'USD', balance: 100.1 },
        { currency: 'EUR', balance: 0.2 },
        { currency: 'USD', balance: -0.1 },
      ]),
    ).toEqual([
      { currency: 'EUR', total: 2149.83 },
      { currency: 'USD', total: 100 },
    ]);
    expect(totalsByCurrency([])).toEqual([]);
  });
});
