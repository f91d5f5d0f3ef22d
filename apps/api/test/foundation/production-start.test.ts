import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app.ts';
import { createDeps } from '../../src/bootstrap.ts';
import { parseEnv } from '../../src/config/env.ts';
import { openPglite } from '../../src/db/client.ts';
import { createStaffUser } from '../../src/modules/admin/staff-users.service.ts';

const production = () =>
  parseEnv({
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
    CONNECTOR_KEY: '07'.repeat(32),
    PUBLIC_URL: 'https://portal.example',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-prod-')),
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'true',
  });

describe('a production start on an empty database', () => {
  it('creates the schema and nothing else, and the first staff user comes from the staff command', async () => {
    const db = await openPglite();
    const deps = await createDeps(production(), { db });
    const app = await buildApp(deps, { logger: false });
    try {
      const counts = await db.one<{ users: number; accounts: number; migrations: number }>(
        `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM accounts) AS accounts,
                (SELECT count(*)::int FROM schema_migrations) AS migrations`,
      );
      expect(counts).toMatchObject({ users: 0, accounts: 0 });
      expect(counts?.migrations).toBeGreaterThan(10);
      const demo = await app.inject({
        method: 'POST',
        url: '/api/auth/get-token',
        payload: { email: 'staff3@demo.test', password: 'Portal-Demo-1' },
      });
      expect(demo.statusCode).toBe(401);

      const staff = await createStaffUser(deps, {
        email: 'ops@provider.example',
        firstName: 'Olive',
        lastName: 'Ops',
        level: 3,
      });
      expect(staff.created).toBe(true);
      const match = staff.link.match(/^https:\/\/portal\.example\/portal\/login\/reset\/([\w-]+)\/(.+)$/);
      expect(match).not.toBeNull();
      const password = 'A-long-staff-passphrase-2026';
      const reset = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: {
          reset_key: match?.[1],
          email_nm: decodeURIComponent(match?.[2] ?? ''),
          passwd: password,
          confirm: password,
        },
      });
      expect(reset.json()).toMatchObject({ code: 'SUCCESS' });
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/get-token',
        payload: { email: 'ops@provider.example', password },
      });
      expect(signIn.statusCode).toBe(200);
      const again = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { reset_key: match?.[1], email_nm: 'ops@provider.example', passwd: password, confirm: password },
      });
      expect(again.statusCode).toBe(404);

      // Run again for the same address: the level changes, no second user.
      const lowered = await createStaffUser(deps, {
        email: 'OPS@provider.example',
        firstName: 'Olive',
        lastName: 'Ops',
        level: 1,
      });
      expect(lowered.created).toBe(false);
      const rows = await db.query<{ uss_admin_level: number }>('SELECT uss_admin_level FROM users');
      expect(rows).toEqual([{ uss_admin_level: 1 }]);
    } finally {
      await app.close();
    }
  });
});
