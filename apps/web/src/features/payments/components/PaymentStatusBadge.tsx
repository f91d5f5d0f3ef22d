import { Badge } from '@mantine/core';
import { payments, type PaymentStatus } from '@portal/contract';

const colors: Record<PaymentStatus, string> = {
  open: 'gray',
  processing: 'blue',
  requires_action: 'yellow',
  succeeded: 'green',
  failed: 'red',
  canceled: 'gray',
  refunded: 'gray',
  disputed: 'red',
};

/** A payment's status as the pages word it ("Payment processing", "Paid", ...). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant="light" color={colors[status]} data-testid="payment-status" data-status={status}>
      {payments.paymentStatusLabels[status]}
    </Badge>
  );
}
