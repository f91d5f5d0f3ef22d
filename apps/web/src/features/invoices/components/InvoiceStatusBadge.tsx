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

/** An invoice's payment status; a partly paid one also says how much was paid. */
export function InvoiceStatusBadge({ status, amountPaid }: { status: InvoiceStatus; amountPaid: number }) {
  return (
    <Badge variant="light" color={colors[status]} data-testid="invoice-status" data-status={status}>
      {labels[status]}
      {status === 'partly paid' ? ` (${formatMoney(amountPaid)} paid)` : ''}
    </Badge>
  );
}
