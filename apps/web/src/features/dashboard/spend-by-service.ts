import type { InvoiceProduct } from '@portal/contract';

import type { DonutSlice } from '../../components/ui/donut-arcs.ts';

/** More slices than the palette has colours would repeat colours; the rest become 'Other'. */
export const maxSlices = 10;

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * Invoice lines summed per service (the product's short name), largest first; beyond the
 * 9 largest, the remaining services are summed into one 'Other services' slice.
 */
export function spendByService(lines: readonly InvoiceProduct[], limit = maxSlices): DonutSlice[] {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const label = line.short_product_name || line.product;
    totals.set(label, (totals.get(label) ?? 0) + line.price);
  }
  const slices = [...totals.entries()]
    .map(([label, value]) => ({ label, value: cents(value) }))
    .sort((a, b) => b.value - a.value);
  if (slices.length <= limit) return slices;
  const rest = slices.slice(limit - 1);
  return [
    ...slices.slice(0, limit - 1),
    { label: `Other services (${rest.length})`, value: cents(rest.reduce((sum, slice) => sum + slice.value, 0)) },
  ];
}
