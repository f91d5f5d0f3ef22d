import { z } from 'zod';

import { defineCall } from './call.ts';
import { paged, pageParam } from './envelope.ts';
import { id, optionalId, searchText } from './fields.ts';
import { invoiceSortColumns } from './limits.ts';
import { validationMessages as m } from './messages.ts';

/**
 * What the customer sees of an invoice's payment: paid (nothing left open), overdue (something open
 * after the due date), partly paid or unpaid. Derived on the server from the paid amount and the due
 * date, the same open amounts the balance history ages.
 */
export const invoiceStatuses = ['paid', 'partly paid', 'unpaid', 'overdue'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const invoiceSummary = z.object({
  account_id: z.number().int(),
  cycle_log_id: z.number().int(),
  invoice_number: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  bill_date: z.string(),
  due_date: z.string(),
  total_amt_due: z.number(),
  amount_paid: z.number(),
  /** The currency of every amount of the invoice (ISO 4217): its account's. */
  currency: z.string(),
  status: z.enum(invoiceStatuses),
  is_downloadable: z.boolean(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

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

/** The charges of an invoice in the spec's order, with their labels; they add up to total_amt_due. */
export const invoiceCharges = [
  { key: 'monthly_charges', label: 'Monthly charges' },
  { key: 'late_payment_charges', label: 'Late payment charges' },
  { key: 'adjustments', label: 'Adjustments' },
  { key: 'taxes_fees_other', label: 'Taxes, fees and other' },
  { key: 'governmental_charges', label: 'Governmental charges' },
  { key: 'balance_forward', label: 'Balance forward' },
] as const satisfies readonly { key: keyof Invoice; label: string }[];

export const invoiceProduct = z.object({
  product_cd: z.string(),
  short_product_name: z.string(),
  product: z.string(),
  product_group: z.string(),
  price: z.number(),
  /** How many service lines of the product the invoice has. */
  service_count: z.number().int(),
});
export type InvoiceProduct = z.infer<typeof invoiceProduct>;

export const getLatestInvoice = defineCall({
  id: 'invoices.getLatestInvoice',
  summary: "The newest invoice of one of the caller's accounts.",
  tag: 'invoices',
  methods: ['POST'],
  path: '/invoices/get-latest-invoice',
  input: z.object({ accountId: id }),
  data: invoice,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'invoices:read' },
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
  auth: { access: 'user', scope: 'invoices:read' },
});
// The columns the list sorts by live with the constants, which carry no schema: the invoices page checks
// its sort against them without loading this module's schemas (decision 112).
export { invoiceSortColumns } from './limits.ts';

export const getInvoices = defineCall({
  id: 'invoices.getInvoices',
  summary:
    "A page of the caller's invoices, newest first; optionally of one account or matching an invoice or account number.",
  tag: 'invoices',
  methods: ['POST'],
  path: '/invoices/get-invoices',
  input: z.object({
    page: pageParam,
    accountId: optionalId,
    search: searchText,
    sort: z.enum(invoiceSortColumns, { error: m.type }).optional(),
    order: z.enum(['asc', 'desc'], { error: m.type }).optional(),
  }),
  data: paged(invoiceSummary),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'invoices:read' },
});

/** Aging buckets by days past the due date (not yet due counts in 0-30). */
export const balanceBuckets = ['0-30', '30-60', '60-90', '90+'] as const;
export type BalanceBucket = (typeof balanceBuckets)[number];

export const balanceHistory = z.object({
  account_id: z.number().int(),
  account: z.object({ account_number: z.string(), name: z.string() }),
  /** The currency of the account's amounts (ISO 4217): balances of different currencies are never added. */
  currency: z.string(),
  '0-30': z.number(),
  '30-60': z.number(),
  '60-90': z.number(),
  '90+': z.number(),
  balance: z.number(),
});
export type BalanceHistory = z.infer<typeof balanceHistory>;

export const getBalanceHistory = defineCall({
  id: 'invoices.getBalanceHistory',
  summary: "The open balance of each of the caller's accounts, aged in 0-30, 30-60, 60-90 and 90+ day buckets.",
  tag: 'invoices',
  methods: ['POST', 'GET'],
  path: '/invoices/get-balance-history',
  input: z.object({}),
  data: z.array(balanceHistory),
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'invoices:read' },
});

export const getInvoice = defineCall({
  id: 'invoices.getInvoice',
  summary: "One invoice of one of the caller's accounts, with its charges.",
  tag: 'invoices',
  methods: ['POST'],
  path: '/invoices/get-invoice',
  input: z.object({ accountId: id, cycleLogId: id }),
  data: invoice,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'invoices:read' },
});

/** invoice-{account}-{invoice}-{yyyymmdd}.pdf, the date being the bill date. */
export const invoiceFileName = (accountNumber: string, invoiceNumber: string, billDate: string) =>
  `invoice-${accountNumber}-${invoiceNumber}-${billDate.replaceAll('-', '')}.pdf`;

/** Services-{account}.csv */
export const servicesFileName = (accountNumber: string) => `Services-${accountNumber}.csv`;

export const downloadInvoice = defineCall({
  id: 'invoices.downloadInvoice',
  summary: 'The invoice as a PDF document (only invoices marked is_downloadable).',
  tag: 'invoices',
  methods: ['POST'],
  path: '/invoices/download-invoice',
  input: z.object({ accountId: id, cycleLogId: id }),
  data: null,
  binary: 'application/pdf',
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'invoices:read' },
});

/** Columns of the services history CSV, in order. */
export const servicesCsvColumns = [
  'Invoice Number',
  'Bill Date',
  'Due Date',
  'Order Number',
  'Circuit ID',
  'Customer Reference',
  'Product Code',
  'Product',
  'Product Group',
  'Price',
  'Currency',
] as const;

export const downloadInvoiceProductHistory = defineCall({
  id: 'invoices.downloadInvoiceProductHistory',
  summary: 'Every invoiced service line of one account, newest bill first, as CSV (RFC 4180, streamed).',
  tag: 'invoices',
  methods: ['POST'],
  path: '/invoices/download-invoice-product-history',
  input: z.object({ accountId: id }),
  data: null,
  binary: 'text/csv',
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'invoices:read' },
});
