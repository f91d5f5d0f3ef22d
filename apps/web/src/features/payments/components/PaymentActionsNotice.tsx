import { Alert, Anchor, List } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/formats.ts';
import { usePaymentActions } from '../api/get-actions.ts';

/** Automatic charges waiting for the customer (the bank's confirmation, a failed card); nothing when none wait. */
export function PaymentActionsNotice() {
  const actions = usePaymentActions();
  const waiting = actions.data ?? [];
  if (waiting.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={waiting.length === 1 ? 'A payment needs your action' : `${waiting.length} payments need your action`}
      data-testid="payment-actions"
    >
      <List size="sm" spacing={4}>
        {waiting.map((p) => (
          <List.Item key={p.payment_reference}>
            <Anchor component={Link} to={paths.paymentReturn(p.account_id, p.payment_reference)} size="sm" fw={600}>
              {formatMoney(p.amount, p.currency)} for invoice {p.invoice_number}
            </Anchor>{' '}
            ({p.status === 'requires_action' ? 'your bank asks you to confirm it' : 'the automatic charge failed'})
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
