import { Button, Group } from '@mantine/core';
import { useState } from 'react';

import { downloadInvoice } from '../api/download-invoice.ts';
import { downloadInvoiceProductHistory } from '../api/download-invoice-product-history.ts';

export interface InvoiceDownloadButtonsProps {
  accountId: number;
  cycleLogId: number;
  /** Only invoices marked is_downloadable offer the PDF. */
  isDownloadable: boolean;
  /** Also offer the account's services history (CSV). */
  withServices?: boolean;
  size?: 'xs' | 'sm';
}

/** The invoice PDF and the services CSV; a failed download shows the Download Error popup. */
export function InvoiceDownloadButtons({
  accountId,
  cycleLogId,
  isDownloadable,
  withServices,
  size = 'sm',
}: InvoiceDownloadButtonsProps) {
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const run = async (kind: 'pdf' | 'csv', save: () => Promise<boolean>) => {
    setBusy(kind);
    try {
      await save();
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      {isDownloadable && (
        <Button
          size={size}
          variant="light"
          loading={busy === 'pdf'}
          onClick={() => run('pdf', () => downloadInvoice(accountId, cycleLogId))}
          data-testid="download-pdf"
        >
          Download PDF
        </Button>
      )}
      {withServices && (
        <Button
          size={size}
          variant="default"
          loading={busy === 'csv'}
          onClick={() => run('csv', () => downloadInvoiceProductHistory(accountId))}
          data-testid="download-csv"
        >
          Download services (CSV)
        </Button>
      )}
    </Group>
  );
}
