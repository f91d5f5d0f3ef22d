import { z } from 'zod';

import { defineCall } from './call.ts';
import { epochSeconds, pageParam, paged } from './envelope.ts';
import { searchText } from './fields.ts';

export const outboxMessage = z.object({
  mail_id: z.number().int(),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  links: z.array(z.string()),
  kind: z.string(),
  status: z.string(),
  created_at: epochSeconds,
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxPageSize = 20;

export const getOutbox = defineCall({
  id: 'dev.getOutbox',
  summary:
    'The local outbox, newest first: every message the portal would have mailed, with its links. Only without SMTP (the embedded default), for the person running the portal; with SMTP_URL set it answers NOT_FOUND.',
  tag: 'dev',
  methods: ['GET'],
  path: '/dev/outbox',
  input: z.object({ page: pageParam, search: searchText }),
  data: paged(outboxMessage),
  codes: ['SUCCESS', 'NOT_FOUND'],
  auth: { access: 'public' },
});
