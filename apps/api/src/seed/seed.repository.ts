import type { Db } from '../db/client.ts';

/**
 * The seed's own SQL: reading back what the feed stored, and the few demo facts no feed carries and no
 * module has a write for (decision 076). Everything else goes through the integration upsert services
 * or the owning module's repository.
 */

export async function isEmpty(db: Db): Promise<boolean> {
  return (await db.one('SELECT 1 FROM users LIMIT 1')) === undefined;
}

/** Moves the serial sequences of tables whose ids the seed chose itself past those ids. */
export async function syncSequences(db: Db, columns: ReadonlyArray<readonly [string, string]>): Promise<void> {
  const calls = columns.map(([table, column]) => {
    const max = `(SELECT max(${column}) FROM ${table})`;
    return `setval(pg_get_serial_sequence('${table}', '${column}'), coalesce(${max}, 1), ${max} IS NOT NULL)`;
  });
  await db.query(`SELECT ${calls.join(', ')}`);
}

/** Rows per table, for the seed's summary. */
export async function rowCounts(db: Db, tables: readonly string[]): Promise<Record<string, number>> {
  const rows = await db.query<{ t: string; n: number }>(
    tables.map((t) => `SELECT '${t}' AS t, count(*)::int AS n FROM ${t}`).join(' UNION ALL '),
  );
  const byTable = new Map(rows.map((r) => [r.t, r.n]));
  return Object.fromEntries(tables.map((t) => [t, byTable.get(t) ?? 0]));
}

/** The orders of an account with their component ids in the order the feed listed them. */
export const storedOrders = (db: Db, accountNumber: string) =>
  db.query<{ order_number: string; base_order_id: number; component_ids: number[] }>(
    `SELECT o.order_number, o.base_order_id,
       ARRAY(SELECT c.component_id FROM order_components c WHERE c.base_order_id = o.base_order_id
              ORDER BY c.sort_order, c.component_id) AS component_ids
     FROM orders o JOIN accounts a ON a.account_id = o.account_id WHERE a.account_number = $1`,
    [accountNumber],
  );

/** A demo staff user's level (the admin module's upsert would also re-insert the user). */
export const setStaffLevel = (db: Db, userId: number, level: number) =>
  db.query('UPDATE users SET uss_admin_level = $2 WHERE user_id = $1', [userId, level]);

/**
 * What the portal records when a customer opens a ticket (who, the impact they chose, their contact
 * details) and who wrote the customer's messages: the helpdesk's feed carries neither.
 */
export const recordTicketOpening = (
  db: Db,
  ticketNumber: string,
  o: { userId: number; impact: string; contactName: string; contactEmail: string; contactPhone: string },
) =>
  db.query(
    `WITH t AS (
       UPDATE tickets SET opened_by_user_id = $2, impact = $3, contact_name = $4, contact_email = $5, contact_phone = $6
        WHERE ticket_number = $1 RETURNING ticket_id)
     UPDATE ticket_messages m SET user_id = $2 FROM t WHERE m.ticket_id = t.ticket_id AND m.author_type = 'customer'`,
    [ticketNumber, o.userId, o.impact, o.contactName, o.contactEmail, o.contactPhone],
  );

/** An invoice whose document the portal does not offer (the invoice item has no such field yet). */
export const markNotDownloadable = (db: Db, invoiceNumber: string) =>
  db.query('UPDATE invoices SET is_downloadable = false WHERE invoice_number = $1', [invoiceNumber]);

/** The highest id of each of these serial columns (0 for an empty table). */
export async function maxIds(db: Db, columns: ReadonlyArray<readonly [string, string]>): Promise<Map<string, number>> {
  const row = await db.one<Record<string, number>>(
    `SELECT ${columns.map(([table, column]) => `(SELECT coalesce(max(${column}), 0) FROM ${table}) AS ${table}`).join(', ')}`,
  );
  return new Map(columns.map(([table]) => [table, Number(row?.[table] ?? 0)]));
}

/** Empties every table but the migrations ledger and rewinds every sequence. */
export async function resetDatabase(db: Db): Promise<void> {
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables
      WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY tablename`,
  );
  if (tables.length > 0) await db.exec(`TRUNCATE ${tables.map((t) => t.name).join(', ')} RESTART IDENTITY CASCADE`);
  // Sequences no column owns (e.g. portal ticket numbers) are not rewound by RESTART IDENTITY.
  const loose = await db.query<{ name: string }>(
    `SELECT quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname = current_schema()`,
  );
  for (const s of loose) await db.exec(`ALTER SEQUENCE ${s.name} RESTART`);
}

/**
 * Key look-ups (order_number = $1) on tables that grow inside the seed's one transaction would go
 * through the trigram search indexes (no statistics yet, and a GIN pending list growing with every
 * insert): milliseconds each instead of microseconds through the unique indexes. Bitmap scans are the
 * only way to use those indexes, so the seed turns them off for its transaction.
 */
export const withoutBitmapScans = (t: Db) => t.exec('SET LOCAL enable_bitmapscan = off');

/** Fresh statistics, and the trigram indexes' pending lists merged (PGlite has no autovacuum to do it). */
export const vacuumAnalyze = (db: Db) => db.exec('VACUUM ANALYZE');
