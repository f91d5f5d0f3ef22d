import { Badge } from '@mantine/core';
import type { InvoiceStatus } from '@portal/contract';

import { formatMoney } from '../../../lib/formats.ts';

const colors: Record<InvoiceStatus, string> = {
  paid: 'green',
  'partly paid': 'yellow',
  unpaid: 'blue',
  overdue: 'red',
};

const labels: Record<InvoiceStatus, string> = {
  paid: 'Paid',
  'partly paid': 'Partly paid',
  unpaid: 'Unpaid',
  overdue: 'Overdue',
};

/**
 * An invoice's payment status; a partly paid one, and an overdue one with payments, also says how much was
 * paid (in the invoice's currency).
 */
export function InvoiceStatusBadge({
  status,
  amountPaid,
  currency,
}: {
  status: InvoiceStatus;
  amountPaid: number;
  currency: string;
}) {
  const showsPaid = status === 'partly paid' || (status === 'overdue' && amountPaid > 0);
  return (
    <Badge variant="light" color={colors[status]} data-testid="invoice-status" data-status={status}>
      {labels[status]}
      {showsPaid ? ` (${formatMoney(amountPaid, currency)} paid)` : ''}
    </Badge>
  );
}
