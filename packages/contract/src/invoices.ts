import { z } from 'zod';

import { defineCall } from './call.ts';
import { id } from './fields.ts';

export const invoiceSummary = z.object({
  account_id: z.number().int(),
  cycle_log_id: z.number().int(),
  invoice_number: z.string(),
  account_number: z.string(),
  bill_date: z.string(),
  due_date: z.string(),
  total_amt_due: z.number(),
  is_downloadable: z.boolean(),
});

export const invoice = invoiceSummary.extend({
  monthly_charges: z.number(),
  late_payment_charges: z.number(),
  adjustments: z.number(),
  taxes_fees_other: z.number(),
  governmental_charges: z.number(),
  balance_forward: z.number(),
  days_until_due: z.number().int(),
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceProduct = z.object({
  product_cd: z.string(),
  short_product_name: z.string(),
  product: z.string(),
  product_group: z.string(),
  price: z.number(),
});
export type InvoiceProduct = z.infer<typeof invoiceProduct>;

export const getLatestInvoice = defineCall({
  id: 'invoices.getLatestInvoice',
  summary: 'The newest invoice of one of the caller\'s accounts.',
  tag: 'invoices',
  methods: ['POST'],
  path: '/invoices/get-latest-invoice',
  input: z.object({ accountId: id }),
  data: invoice,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

export const getInvoiceProducts = defineCall({
  id: 'invoices.getInvoiceProducts',
  summary: 'Spend by product on one invoice, summed per product.',
  tag: 'invoices',
  methods: ['POST'],
  path: '/invoices/get-invoice-products',
  input: z.object({ accountId: id, cycleLogId: id }),
  data: z.array(invoiceProduct),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});
