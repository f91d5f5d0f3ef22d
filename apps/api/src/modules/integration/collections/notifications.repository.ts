import type { NotificationItem } from '@portal/contract';

import type { Db } from '../../../db/client.ts';

const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const fields = [
  'kind',
  'subject',
  'service_affecting',
  'description_of_work',
  'scheduled_event',
  'area',
  'ticket_number',
  'duration_of_interruption',
  'window_start_time',
  'window_end_time',
  'circuits_affected',
  'cancelled',
] as const;

export const readNotification = (db: Db, externalId: string) =>
  db.one<Record<string, unknown> & { batch_id: number }>(
    `SELECT b.batch_id, b.kind, b.subject, b.service_affecting, b.description_of_work, b.scheduled_event, b.area,
       b.ticket_number, b.duration_of_interruption, ${utc('b.window_start_time')} AS window_start_time,
       ${utc('b.window_end_time')} AS window_end_time, b.circuits_affected, b.cancelled, b.order_numbers,
       COALESCE((SELECT json_agg(a.account_number ORDER BY a.account_number)
                 FROM cmc_contact_emails e JOIN accounts a ON a.account_id = e.account_id
                WHERE e.batch_id = b.batch_id), '[]') AS account_numbers
     FROM cmc_contact_batches b WHERE b.external_id = $1`,
    [externalId],
  );

export const accountsByNumber = (db: Db, numbers: string[]) =>
  db.query<{ account_id: number; account_number: string }>(
    'SELECT account_id, account_number FROM accounts WHERE account_number = ANY($1)',
    [numbers],
  );

/** The orders among these numbers, with the account each belongs to and the circuit it shows. */
export const ordersByNumber = (db: Db, numbers: string[]) =>
  db.query<{ order_number: string; account_id: number; circuit: string }>(
    `SELECT order_number, account_id, COALESCE(uss_circuit_id, order_number) AS circuit
       FROM orders WHERE order_number = ANY($1)`,
    [numbers],
  );

/**
 * Writes the notice. `revised`: the update changes what its calendar event shows, so its SEQUENCE goes
 * up and its update time is now (decision 138); an update that only changes who receives it keeps both.
 */
export const upsertNotification = async (db: Db, n: NotificationItem, nowMs: number, revised: boolean) =>
  (await db.one<{ batch_id: number }>(
    `INSERT INTO cmc_contact_batches (external_id, order_numbers, created_at, updated_at, ${fields.join(', ')})
     VALUES ($1, $2, to_timestamp($3 / 1000.0), to_timestamp($3 / 1000.0), ${fields.map((_, i) => `$${i + 5}`).join(', ')})
     ON CONFLICT (external_id) DO UPDATE SET order_numbers = EXCLUDED.order_numbers,
       ${fields.map((f) => `${f} = EXCLUDED.${f}`).join(', ')},
       sequence = cmc_contact_batches.sequence + CASE WHEN $4 THEN 1 ELSE 0 END,
       updated_at = CASE WHEN $4 THEN EXCLUDED.updated_at ELSE cmc_contact_batches.updated_at END
     RETURNING batch_id`,
    [n.external_id, n.order_numbers, nowMs, revised, ...fields.map((f) => n[f] ?? null)],
  ))!.batch_id;

/** Replaces who the notification went to: one row per account with the account's affected circuits. */
export async function replaceRecipients(
  db: Db,
  batchId: number,
  recipients: { accountId: number; circuits: string[] }[],
) {
  await db.query('DELETE FROM cmc_contact_emails WHERE batch_id = $1', [batchId]);
  if (recipients.length === 0) return;
  await db.query(
    `INSERT INTO cmc_contact_emails (batch_id, account_id, circuit_ids, created_at)
     SELECT $1, r.account_id, r.circuit_ids, b.created_at
       FROM unnest($2::int[], $3::text[]) WITH ORDINALITY AS r(account_id, circuit_ids, n)
       JOIN cmc_contact_batches b ON b.batch_id = $1
      ORDER BY r.n`,
    [
      batchId,
      recipients.map((r) => r.accountId),
      recipients.map((r) => (r.circuits.length ? r.circuits.join(', ') : null)),
    ],
  );
}
