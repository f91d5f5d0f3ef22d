import { z } from 'zod';

import { defineCall } from './call.ts';

export const health = defineCall({
  id: 'health',
  summary: 'Liveness and database check.',
  tag: 'system',
  methods: ['GET'],
  path: '/health',
  input: z.object({}),
  data: z.object({ database: z.literal('ok'), uptime_seconds: z.number() }),
  codes: ['SUCCESS', 'SERVER_ERROR'],
  auth: { access: 'public' },
});
