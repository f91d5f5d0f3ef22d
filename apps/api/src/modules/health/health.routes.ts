import type { FastifyInstance } from 'fastify';

import { health } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../plugins/route.ts';

export async function healthRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, health.health, async () => {
    try {
      await deps.db.query('SELECT 1');
    } catch {
      throw new AppError('SERVER_ERROR', 'The database is not reachable.');
    }
    return { database: 'ok' as const, uptime_seconds: Math.round(process.uptime()) };
  });
}
