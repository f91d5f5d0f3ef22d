import { Button } from '@mantine/core';
import type { Invoice } from '@portal/contract';
import { Link } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/formats.ts';
import { usePaymentsEnabled } from '../api/get-status.ts';

/** "Pay" on an invoice with something open, when online payments are on; nothing otherwise. */
export function PayInvoiceButton({ invoice }: { invoice: Invoice }) {
  const enabled = usePaymentsEnabled();
  const open = Math.round((invoice.total_amt_due - invoice.amount_paid) * 100) / 100;
  if (!enabled.data || open <= 0) return null;
  return (
    <Button component={Link} to={paths.payInvoice(invoice.account_id, invoice.cycle_log_id)} data-testid="pay-invoice">
      Pay {formatMoney(open, invoice.currency)}
    </Button>
  );
}
