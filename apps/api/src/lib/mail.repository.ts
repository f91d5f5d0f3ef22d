import type { Db } from '../db/client.ts';
import type { Message } from './mail.ts';

/** Records a message in the outbox with what became of it (kept, sent or failed, and why). */
export const recordMail = (db: Db, m: Message, status: 'kept' | 'sent' | 'failed', error: string | null) =>
  db.query(
    `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, links, kind, status, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [m.to, m.subject, m.text, m.html ?? null, m.links ?? [], m.kind, status, error],
  );
