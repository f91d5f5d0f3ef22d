import { z } from 'zod';

import { defineCall } from './call.ts';

export const health = defineCall({
  id: 'health',
  summary: 'Liveness and database check.',
  tag: 'system',
  methods: ['GET'],
  path: '/health',
  input: z.object({}),
  data: z.object({ database: z.literal('ok'), uptime_seconds: z.number().int() }),
  codes: ['SUCCESS', 'SERVICE_UNAVAILABLE'],
  auth: { access: 'public' },
});

/** For a load balancer or orchestrator: the process is running (restart it when this fails). */
export const live = defineCall({
  id: 'healthLive',
  summary: 'Liveness: the process answers.',
  tag: 'system',
  methods: ['GET'],
  path: '/health/live',
  input: z.object({}),
  data: z.object({ status: z.literal('ok'), uptime_seconds: z.number().int() }),
  codes: ['SUCCESS'],
  auth: { access: 'public' },
});

/** For a load balancer: send traffic here (the database answers, the schema is current, not shutting down). */
export const ready = defineCall({
  id: 'healthReady',
  summary: 'Readiness: database reachable, migrations applied, not shutting down.',
  tag: 'system',
  methods: ['GET'],
  path: '/health/ready',
  input: z.object({}),
  data: z.object({ database: z.literal('ok'), migrations: z.literal('ok') }),
  codes: ['SUCCESS', 'SERVICE_UNAVAILABLE'],
  auth: { access: 'public' },
});
