import type { InvoiceProduct } from '@portal/contract';

import type { DonutSlice } from '../../components/ui/donut-arcs.ts';
import { chartPrice } from '../../lib/formats.ts';

/** '12 days remaining'; null when the invoice is due today or overdue (spec core.md section 2). */
export const remainingDaysText = (daysUntilDue: number): string | null =>
  daysUntilDue > 0 ? `${daysUntilDue} ${daysUntilDue === 1 ? 'day' : 'days'} remaining` : null;

/**
 * The services breakdown of an invoice: its total and the chart's slices (negative prices shown as
 * 0); null when the services add up to zero or less ('There is no services breakdown for this invoice.').
 */
export function servicesBreakdown(lines: readonly InvoiceProduct[]): { total: number; slices: DonutSlice[] } | null {
  const total = lines.reduce((sum, line) => sum + line.price, 0);
  if (total <= 0) return null;
  return {
    total,
    slices: lines.map((line) => ({ label: line.short_product_name || line.product, value: chartPrice(line.price) })),
  };
}

/**
 * Balances added up per currency, in the order the currencies first appear: amounts of different
 * currencies are never added (there is no rate between them here).
 */
export function totalsByCurrency(rows: readonly { currency: string; balance: number }[]) {
  const totals = new Map<string, number>();
  // In cents, so a sum of many 2-decimal amounts carries no binary fraction into the display.
  for (const row of rows) totals.set(row.currency, (totals.get(row.currency) ?? 0) + Math.round(row.balance * 100));
  return [...totals].map(([currency, cents]) => ({ currency, total: cents / 100 }));
}
