import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ItemResult } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDeps } from '../../src/bootstrap.ts';
import { demoEmails } from '../../src/seed/demo.ts';
import { parseEnv } from '../../src/config/env.ts';
import type { Deps } from '../../src/deps.ts';
import { runBatch } from '../../src/modules/integration/batch.service.ts';
import { importFile } from '../../src/modules/integration/import/import.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let deps: Deps;
const dir = mkdtempSync(join(tmpdir(), 'portal-import-'));
beforeAll(async () => {
  t = await createTestApp();
  const env = parseEnv({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'false',
  });
  deps = await createDeps(env, { db: t.db, clock: t.clock });
});
afterAll(() => t.close());

const command = {
  id: expect.any(Number),
  token_name: null,
  source: 'command',
  collection: 'products',
  updated: 0,
  started_at: expect.any(Number),
  duration_ms: expect.any(Number),
  // A batch that ran is not one refused whole (decision 124).
  refused: null,
  refused_detail: null,
};

async function run(collection: 'products' | 'orders', file: string, dryRun = false) {
  const invalid: [number, ItemResult][] = [];
  const counts = await importFile(deps, {
    collection,
    file,
    dryRun,
    onInvalid: (line, result) => invalid.push([line, result]),
  });
  return { counts, invalid };
}

describe('import from files', () => {
  it('reads CSV with quoted cells, reports the bad row with its line, and a dry run writes nothing', async () => {
    const file = join(dir, 'products.csv');
    writeFileSync(
      file,
      [
        'product_cd,product,short_product_name,product_group,product_controller,active',
        'IMP1,"Fiber, dedicated",Fiber,Network,network,true',
        'IMP2,,Broken,Network,network,false',
        '"IMP3","Multi',
        'line ""name""",Three,Network,network,',
      ].join('\n'),
    );
    const dry = await run('products', file, true);
    expect(dry.counts).toEqual({ created: 2, updated: 0, unchanged: 0, invalid: 1 });
    expect(dry.invalid).toEqual([
      [3, { key: 'IMP2', status: 'invalid', errors: { product: ['This value is required.'] } }],
    ]);
    expect(await t.db.query(`SELECT 1 FROM products WHERE product_cd LIKE 'IMP%'`)).toEqual([]);

    expect((await run('products', file)).counts).toEqual({ created: 2, updated: 0, unchanged: 0, invalid: 1 });
    expect(
      await t.db.query(`SELECT product_cd, product, active FROM products WHERE product_cd LIKE 'IMP%' ORDER BY 1`),
    ).toEqual([
      { product_cd: 'IMP1', product: 'Fiber, dedicated', active: true },
      { product_cd: 'IMP3', product: 'Multi\nline "name"', active: true },
    ]);
    expect((await run('products', file)).counts).toEqual({ created: 0, updated: 0, unchanged: 2, invalid: 1 });
    const audit = await t.db.one(
      `SELECT source, collection, created, unchanged, invalid FROM integration_batches ORDER BY batch_id DESC LIMIT 1`,
    );
    expect(audit).toEqual({ source: 'command', collection: 'products', created: 0, unchanged: 2, invalid: 1 });
    // Staff see the imports beside the batches (a dry run wrote nothing and is not among them).
    const records = await t.call('GET', '/api/integration/batches', { token: await t.signIn(demoEmails.staff3) });
    expect((records.body.data as unknown[]).slice(0, 3)).toEqual([
      { ...command, created: 0, unchanged: 2, invalid: 1 },
      { ...command, created: 2, unchanged: 0, invalid: 1 },
    ]);
  });

  it('reads NDJSON with nested lists and reports a line that is not JSON', async () => {
    const file = join(dir, 'orders.ndjson');
    const order = {
      order_number: 'IMP-ORD-1',
      account_number: '1000101',
      product_cd: 'IMP1',
      components: [{ component_key: 'port', description: 'Port', mrc_charges: '10.50' }],
    };
    writeFileSync(
      file,
      `${JSON.stringify(order)}\n\n{not json\n${JSON.stringify({ ...order, order_number: 'IMP-ORD-2', product_cd: 'NOPE' })}\n`,
    );
    const { counts, invalid } = await run('orders', file);
    expect(counts).toEqual({ created: 1, updated: 0, unchanged: 0, invalid: 2 });
    expect(invalid).toEqual([
      [3, { key: '', status: 'invalid', errors: { _: ['This line is not valid JSON.'] } }],
      [4, { key: 'IMP-ORD-2', status: 'invalid', errors: { product_cd: ['No product has this code.'] } }],
    ]);
  });
});

describe('rows the database could not hold', () => {
  it('are reported with their line and field, and the import goes on', async () => {
    const product = (code: string, name: string) =>
      JSON.stringify({
        product_cd: code,
        product: name,
        short_product_name: 'S',
        product_group: 'G',
        product_controller: 'c',
      });
    const file = join(dir, 'unstorable.ndjson');
    writeFileSync(file, [product('HOLD1', 'Fine'), product('HOLD2', 'a\u0000b'), product('HOLD3', 'Fine')].join('\n'));
    expect(await run('products', file)).toEqual({
      counts: { created: 2, updated: 0, unchanged: 0, invalid: 1 },
      invalid: [[2, { key: 'HOLD2', status: 'invalid', errors: { product: ['This value is not valid.'] } }]],
    });

    const order = (number: string, quantity: string) =>
      JSON.stringify({
        order_number: number,
        account_number: '1000101',
        product_cd: 'HOLD1',
        components: [{ component_key: 'port', description: 'Port', quantity }],
      });
    const orders = join(dir, 'overflow.ndjson');
    // numeric(14,4) holds 10 digits before the point: 11 once failed the whole import.
    writeFileSync(
      orders,
      [order('HOLD-O1', '2'), order('HOLD-O2', '12345678901'), order('HOLD-O3', '9999999999.9999')].join('\n'),
    );
    expect(await run('orders', orders)).toEqual({
      counts: { created: 2, updated: 0, unchanged: 0, invalid: 1 },
      invalid: [
        [
          2,
          {
            key: 'HOLD-O2',
            status: 'invalid',
            errors: { 'components.0.quantity': ['This value should be between -9999999999.9999 and 9999999999.9999.'] },
          },
        ],
      ],
    });
  });
});

describe('a batch or an import stopped by an unexpected error', () => {
  it('is recorded with the items it applied, and the error is not swallowed', async () => {
    const product = (code: string, name: string) => ({
      product_cd: code,
      product: name,
      short_product_name: 'S',
      product_group: 'G',
      product_controller: 'c',
    });
    const last = () =>
      t.db.one(`SELECT source, collection, created, invalid FROM integration_batches ORDER BY batch_id DESC LIMIT 1`);
    // A database that fails any statement naming 'Broken' (as a lost connection would): not the item's fault.
    const failing = (db: Deps['db']): Deps['db'] => {
      const fail = (params?: unknown[]) => params?.includes('Broken');
      return {
        ...db,
        query: (sql, params) => (fail(params) ? Promise.reject(new Error('connection lost')) : db.query(sql, params)),
        one: (sql, params) => (fail(params) ? Promise.reject(new Error('connection lost')) : db.one(sql, params)),
        tx: (fn) => db.tx((inner) => fn(failing(inner))),
      };
    };
    const broken = { ...deps, db: failing(deps.db) };
    await expect(
      runBatch(broken, 'products', [product('ERR1', 'Fine'), product('ERR2', 'Broken')], null),
    ).rejects.toThrow('connection lost');
    expect(await last()).toEqual({ source: 'command', collection: 'products', created: 1, invalid: 0 });
    expect(await t.db.query(`SELECT product_cd FROM products WHERE product_cd LIKE 'ERR%'`)).toEqual([
      { product_cd: 'ERR1' },
    ]);

    const file = join(dir, 'broken.ndjson');
    writeFileSync(file, `${JSON.stringify(product('ERR3', 'Fine'))}\n${JSON.stringify(product('ERR4', 'Broken'))}\n`);
    await expect(
      importFile(broken, { collection: 'products', file, dryRun: false, onInvalid: () => {} }),
    ).rejects.toThrow('connection lost');
    expect(await last()).toEqual({ source: 'command', collection: 'products', created: 1, invalid: 0 });
  });
});
