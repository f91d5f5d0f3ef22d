import type { InvoiceItem } from '@portal/contract';

import type { Db } from '../../../db/client.ts';

const amounts = [
  'monthly_charges',
  'late_payment_charges',
  'adjustments',
  'taxes_fees_other',
  'governmental_charges',
  'balance_forward',
  'total_amt_due',
] as const;

export type HeldInvoice = Record<string, unknown> & {
  cycle_log_id: number;
  invoice_number: string;
  lines: { product_cd: string; order_number: string | null; description: string | null; price: string }[];
  pdf_sha256: string | null;
};

/**
 * The held invoices of these numbers, as their items would state them: the invoices in one query, all
 * their lines (in the order they are read) in a second.
 */
export async function readInvoices(db: Db, invoiceNumbers: readonly string[]): Promise<HeldInvoice[]> {
  const invoices = await db.query<HeldInvoice>(
    `SELECT i.cycle_log_id, i.invoice_number, a.account_number, i.bill_date, i.due_date,
       ${amounts.map((f) => `i.${f}::text AS ${f}`).join(', ')}, d.sha256 AS pdf_sha256
     FROM invoices i JOIN accounts a ON a.account_id = i.account_id
     LEFT JOIN invoice_documents d ON d.cycle_log_id = i.cycle_log_id
     WHERE i.invoice_number = ANY($1::text[])`,
    [invoiceNumbers],
  );
  if (invoices.length === 0) return [];
  const byId = new Map(invoices.map((i) => [i.cycle_log_id, Object.assign(i, { lines: [] as HeldInvoice['lines'] })]));
  const lines = await db.query<HeldInvoice['lines'][number] & { cycle_log_id: number }>(
    `SELECT p.cycle_log_id, p.product_cd, o.order_number, p.description, p.price::numeric(14,2)::text AS price
       FROM invoice_products p LEFT JOIN orders o ON o.base_order_id = p.base_order_id
      WHERE p.cycle_log_id = ANY($1::int[])
      ORDER BY p.invoice_product_id`,
    [[...byId.keys()]],
  );
  for (const { cycle_log_id, ...line } of lines) byId.get(cycle_log_id)?.lines.push(line);
  return invoices;
}

/**
 * What invoice items refer to, in one look-up: the accounts (and their currency), which of the lines'
 * products exist and the named orders (with their account: a line may only name its account's).
 */
export async function invoiceReferencesOf(
  db: Db,
  accountNumbers: readonly string[],
  productCodes: readonly string[],
  orderNumbers: readonly string[],
) {
  const rows = await db.query<{
    kind: 'a' | 'p' | 'o';
    key: string;
    id: number | null;
    account_id: number | null;
    currency: string | null;
  }>(
    `SELECT 'a' AS kind, account_number AS key, account_id AS id, account_id, currency
       FROM accounts WHERE account_number = ANY($1::text[])
     UNION ALL
     SELECT 'p', product_cd, NULL, NULL, NULL FROM products WHERE product_cd = ANY($2::text[])
     UNION ALL
     SELECT 'o', order_number, base_order_id, account_id, NULL FROM orders WHERE order_number = ANY($3::text[])`,
    [accountNumbers, productCodes, orderNumbers],
  );
  const accounts = new Map<string, { id: number; currency: string }>();
  const products = new Set<string>();
  const orders = new Map<string, { baseOrderId: number; accountId: number }>();
  for (const r of rows) {
    if (r.kind === 'a') accounts.set(r.key, { id: r.id!, currency: r.currency! });
    else if (r.kind === 'p') products.add(r.key);
    else orders.set(r.key, { baseOrderId: r.id!, accountId: r.account_id! });
  }
  return { accounts, products, orders };
}

export type InvoiceRow = InvoiceItem & { accountId: number };

const invoiceColumns = (rows: readonly InvoiceRow[]) => [
  rows.map((r) => r.invoice_number),
  rows.map((r) => r.accountId),
  rows.map((r) => r.bill_date),
  rows.map((r) => r.due_date),
  ...amounts.map((f) => rows.map((r) => r[f])),
];
const invoiceSource = `unnest($1::text[], $2::int[], $3::date[], $4::date[], ${amounts.map((_, n) => `$${n + 5}::numeric[]`).join(', ')})
  WITH ORDINALITY AS u(invoice_number, account_id, bill_date, due_date, ${amounts.join(', ')}, n)`;

/** Adds new invoices in one statement (their ids in item order); answers their ids. */
export async function insertInvoices(db: Db, rows: readonly InvoiceRow[]) {
  if (rows.length === 0) return [];
  return db.query<{ invoice_number: string; cycle_log_id: number }>(
    `INSERT INTO invoices (invoice_number, account_id, bill_date, due_date, ${amounts.join(', ')})
     SELECT invoice_number, account_id, bill_date, due_date, ${amounts.join(', ')} FROM ${invoiceSource} ORDER BY n
     RETURNING invoice_number, cycle_log_id`,
    invoiceColumns(rows),
  );
}

/** Sets held invoices' fields in one statement, writing only the rows whose fields differ. */
export async function updateInvoices(db: Db, rows: readonly InvoiceRow[]) {
  if (rows.length === 0) return;
  const columns = ['account_id', 'bill_date', 'due_date', ...amounts];
  await db.query(
    `UPDATE invoices i SET ${columns.map((c) => `${c} = u.${c}`).join(', ')}
       FROM ${invoiceSource}
      WHERE i.invoice_number = u.invoice_number
        AND (${columns.map((c) => `i.${c}`).join(', ')}) IS DISTINCT FROM (${columns.map((c) => `u.${c}`).join(', ')})`,
    invoiceColumns(rows),
  );
}

export const deleteLinesOf = async (db: Db, cycleLogIds: readonly number[]) => {
  if (cycleLogIds.length)
    await db.query('DELETE FROM invoice_products WHERE cycle_log_id = ANY($1::int[])', [cycleLogIds]);
};

export interface LineRow {
  productCd: string;
  baseOrderId: number | null;
  description: string | null;
  price: string;
}

/** Adds lines of many invoices in one statement, their ids (the order they are read in) in list order. */
export async function insertLinesOf(db: Db, lines: readonly (LineRow & { cycleLogId: number })[]) {
  if (lines.length === 0) return;
  await db.query(
    `INSERT INTO invoice_products (cycle_log_id, base_order_id, product_cd, description, price)
     SELECT l.cycle_log_id, l.base_order_id, l.product_cd, l.description, l.price
       FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::numeric[]) WITH ORDINALITY
            AS l(cycle_log_id, base_order_id, product_cd, description, price, n)
      ORDER BY l.n`,
    [
      lines.map((l) => l.cycleLogId),
      lines.map((l) => l.baseOrderId),
      lines.map((l) => l.productCd),
      lines.map((l) => l.description),
      lines.map((l) => l.price),
    ],
  );
}

/** Removes the provider's documents of these invoices (the portal then renders them). */
export const deleteDocuments = async (db: Db, cycleLogIds: readonly number[]) => {
  if (cycleLogIds.length)
    await db.query('DELETE FROM invoice_documents WHERE cycle_log_id = ANY($1::int[])', [cycleLogIds]);
};

/** Stores the provider's own documents (base64) of invoices in one statement. */
export async function setDocuments(db: Db, docs: readonly { cycleLogId: number; pdf: string; sha256: string }[]) {
  if (docs.length === 0) return;
  await db.query(
    `INSERT INTO invoice_documents (cycle_log_id, pdf, sha256)
     SELECT id, decode(pdf, 'base64'), sha256 FROM unnest($1::int[], $2::text[], $3::text[]) AS u(id, pdf, sha256)
     ON CONFLICT (cycle_log_id) DO UPDATE SET pdf = EXCLUDED.pdf, sha256 = EXCLUDED.sha256`,
    [docs.map((d) => d.cycleLogId), docs.map((d) => d.pdf), docs.map((d) => d.sha256)],
  );
}

/** The provider's own document of an invoice, if it sent one. */
export const findInvoiceDocument = async (db: Db, cycleLogId: number) =>
  (await db.one<{ pdf: Uint8Array }>('SELECT pdf FROM invoice_documents WHERE cycle_log_id = $1', [cycleLogId]))?.pdf;
