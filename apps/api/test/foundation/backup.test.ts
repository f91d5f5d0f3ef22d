import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, inject, it } from 'vitest';

import { backupEmbedded, restoreEmbedded } from '../../src/db/backup.ts';
import { openPglite, type Db } from '../../src/db/client.ts';

/** Every table's row count and a digest of its rows, in a stable order. */
async function fingerprint(db: Db) {
  const tables = await db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const row = await db.one<{ n: number; digest: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`,
    );
    out[name] = `${row?.n}:${row?.digest}`;
  }
  return out;
}

// The embedded database is what these back up: the api project, whose set-up seeds one (the demo data).
describe.runIf(process.env.PORTAL_TEST_DB === 'pglite')('backup and restore of the embedded database', () => {
  it('round-trips every table and the attachment files', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-backup-src-'));
    const db = await openPglite(join(dataDir, 'pglite'), new Blob([readFileSync(inject('pgliteDump'))]));
    const before = await fingerprint(db);
    await db.close();
    mkdirSync(join(dataDir, 'attachments'));
    writeFileSync(join(dataDir, 'attachments', '0123456789abcdef0123456789abcdef'), 'trace bytes');

    const folder = join(mkdtempSync(join(tmpdir(), 'portal-backup-')), 'snapshot');
    const { files } = await backupEmbedded(dataDir, folder);
    expect(files).toBe(1);
    await expect(backupEmbedded(dataDir, folder)).rejects.toThrow(/not empty/);

    const restoredDir = mkdtempSync(join(tmpdir(), 'portal-backup-dst-'));
    await restoreEmbedded(restoredDir, folder);
    const restored = await openPglite(join(restoredDir, 'pglite'));
    const after = await fingerprint(restored);
    await restored.close();
    expect(Object.keys(after).length).toBeGreaterThan(30);
    expect(after).toEqual(before);
    expect(readFileSync(join(restoredDir, 'attachments', '0123456789abcdef0123456789abcdef'), 'utf8')).toBe(
      'trace bytes',
    );

    // A second restore over it refuses, unless told to keep the current one aside.
    await expect(restoreEmbedded(restoredDir, folder)).rejects.toThrow(/--replace/);
    const { keptAside } = await restoreEmbedded(restoredDir, folder, { replace: true });
    expect(keptAside && existsSync(keptAside)).toBe(true);
  });
});
