import type { Db } from '../../db/client.ts';

export const ping = (db: Db) => db.query('SELECT 1');

export const appliedMigrations = async (db: Db) =>
  (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name);
