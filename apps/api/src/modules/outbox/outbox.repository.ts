import type { Db } from '../../db/client.ts';
import { likePattern, limitOffset } from '../../lib/paging.ts';

export function findOutboxMessages(db: Db, page: number, perPage: number, search?: string) {
  const { limit, offset } = limitOffset(page, perPage);
  return db.query<{
    mail_id: number;
    to_address: string;
    subject: string;
    text_body: string;
    links: string[];
    kind: string;
    status: string;
    created_at: number;
    total_count: number;
  }>(
    `SELECT mail_id, to_address, subject, text_body, links, kind, status,
            extract(epoch FROM created_at)::bigint AS created_at, count(*) OVER () AS total_count
       FROM mail_outbox
      WHERE ($3::text IS NULL OR to_address ILIKE $3 OR subject ILIKE $3)
      ORDER BY mail_id DESC LIMIT $1 OFFSET $2`,
    [limit, offset, search ? likePattern(search) : null],
  );
}
