import type { invoices } from '@portal/contract';

import type { DonutSlice } from '../../components/ui/donut-arcs.ts';

/** Invoice lines summed per service name (the product's short name), largest first. */
export function spendByService(lines: readonly invoices.InvoiceProduct[]): DonutSlice[] {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const label = line.short_product_name || line.product;
    totals.set(label, (totals.get(label) ?? 0) + line.price);
  }
  return [...totals.entries()]
    .map(([label, value]) => ({ label, value: Math.round(value * 100) / 100 }))
    .sort((a, b) => b.value - a.value);
}
