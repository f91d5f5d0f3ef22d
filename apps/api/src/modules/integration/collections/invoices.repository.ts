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

export const readInvoice = (db: Db, invoiceNumber: string) =>
  db.one<Record<string, unknown> & { cycle_log_id: number }>(
    `SELECT i.cycle_log_id, a.account_number, i.bill_date, i.due_date,
       ${amounts.map((f) => `i.${f}::text AS ${f}`).join(', ')},
       COALESCE((SELECT json_agg(json_build_object('product_cd', p.product_cd, 'order_number', o.order_number,
                   'description', p.description, 'price', p.price::numeric(14,2)::text) ORDER BY p.invoice_product_id)
                 FROM invoice_products p LEFT JOIN orders o ON o.base_order_id = p.base_order_id
                WHERE p.cycle_log_id = i.cycle_log_id), '[]') AS lines,
       (SELECT d.sha256 FROM invoice_documents d WHERE d.cycle_log_id = i.cycle_log_id) AS pdf_sha256
     FROM invoices i JOIN accounts a ON a.account_id = i.account_id WHERE i.invoice_number = $1`,
    [invoiceNumber],
  );

/**
 * What an invoice item refers to, in one look-up: its account (and its currency), which of the line's products exist and
 * which of the named orders are the account's. Undefined when no account has the number.
 */
export const invoiceReferences = async (
  db: Db,
  accountNumber: string,
  productCodes: string[],
  orderNumbers: string[],
) => {
  const row = await db.one<{
    account_id: number;
    currency: string;
    products: string[];
    orders: { base_order_id: number; order_number: string }[];
  }>(
    `SELECT a.account_id, a.currency,
       ARRAY(SELECT p.product_cd FROM products p WHERE p.product_cd = ANY($2)) AS products,
       COALESCE((SELECT json_agg(json_build_object('base_order_id', o.base_order_id, 'order_number', o.order_number))
                   FROM orders o WHERE o.account_id = a.account_id AND o.order_number = ANY($3)), '[]') AS orders
     FROM accounts a WHERE a.account_number = $1`,
    [accountNumber, productCodes, orderNumbers],
  );
  return (
    row && {
      accountId: row.account_id,
      currency: row.currency,
      products: new Set(row.products),
      orders: row.orders,
    }
  );
};

export const upsertInvoice = async (db: Db, i: InvoiceItem, accountId: number) =>
  (await db.one<{ cycle_log_id: number }>(
    `INSERT INTO invoices (invoice_number, account_id, bill_date, due_date, ${amounts.join(', ')})
     VALUES ($1, $2, $3, $4, ${amounts.map((_, n) => `$${n + 5}`).join(', ')})
     ON CONFLICT (invoice_number) DO UPDATE SET account_id = EXCLUDED.account_id, bill_date = EXCLUDED.bill_date,
       due_date = EXCLUDED.due_date, ${amounts.map((f) => `${f} = EXCLUDED.${f}`).join(', ')}
     RETURNING cycle_log_id`,
    [i.invoice_number, accountId, i.bill_date, i.due_date, ...amounts.map((f) => i[f])],
  ))!.cycle_log_id;

export const deleteLines = (db: Db, cycleLogId: number) =>
  db.query('DELETE FROM invoice_products WHERE cycle_log_id = $1', [cycleLogId]);

/** Adds the lines in one statement, their ids (the order they are read in) in list order. */
export async function insertLines(
  db: Db,
  cycleLogId: number,
  lines: { productCd: string; baseOrderId: number | null; description: string | null; price: string }[],
) {
  if (lines.length === 0) return;
  await db.query(
    `INSERT INTO invoice_products (cycle_log_id, base_order_id, product_cd, description, price)
     SELECT $1, l.base_order_id, l.product_cd, l.description, l.price
       FROM unnest($2::int[], $3::text[], $4::text[], $5::numeric[]) WITH ORDINALITY
            AS l(base_order_id, product_cd, description, price, n)
      ORDER BY l.n`,
    [
      cycleLogId,
      lines.map((l) => l.baseOrderId),
      lines.map((l) => l.productCd),
      lines.map((l) => l.description),
      lines.map((l) => l.price),
    ],
  );
}

/** Stores the provider's own document of the invoice, or removes it (the portal then renders one). */
export async function setDocument(db: Db, cycleLogId: number, pdf: Buffer | null, sha256: string | null) {
  if (!pdf) {
    await db.query('DELETE FROM invoice_documents WHERE cycle_log_id = $1', [cycleLogId]);
    return;
  }
  await db.query(
    `INSERT INTO invoice_documents (cycle_log_id, pdf, sha256) VALUES ($1, $2, $3)
     ON CONFLICT (cycle_log_id) DO UPDATE SET pdf = EXCLUDED.pdf, sha256 = EXCLUDED.sha256`,
    [cycleLogId, pdf, sha256],
  );
}

/** The provider's own document of an invoice, if it sent one. */
export const findInvoiceDocument = async (db: Db, cycleLogId: number) =>
  (await db.one<{ pdf: Uint8Array }>('SELECT pdf FROM invoice_documents WHERE cycle_log_id = $1', [cycleLogId]))?.pdf;
