import type { Deps } from '../../deps.ts';
import { migrationFiles } from '../../db/migrate.ts';
import { AppError } from '../../lib/errors.ts';
import { appliedMigrations, ping } from './health.repository.ts';

const unavailable = (message: string) => new AppError('SERVICE_UNAVAILABLE', message);

export function healthService(deps: Pick<Deps, 'db'>) {
  const expected = migrationFiles();
  let closing = false;
  return {
    /** Called when the process starts shutting down: readiness fails so the load balancer drains it. */
    markClosing() {
      closing = true;
    },
    live: () => ({ status: 'ok' as const, uptime_seconds: Math.round(process.uptime()) }),
    async database() {
      try {
        await ping(deps.db);
      } catch {
        throw unavailable('The database is not reachable.');
      }
      return { database: 'ok' as const, uptime_seconds: Math.round(process.uptime()) };
    },
    async ready() {
      if (closing) throw unavailable('The process is shutting down.');
      let applied: string[];
      try {
        applied = await appliedMigrations(deps.db);
      } catch {
        throw unavailable('The database is not reachable.');
      }
      const have = new Set(applied);
      if (!expected.every((name) => have.has(name))) throw unavailable('Migrations are not applied yet.');
      return { database: 'ok' as const, migrations: 'ok' as const };
    },
  };
}
