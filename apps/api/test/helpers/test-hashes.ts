import { hash, type Algorithm } from '@node-rs/argon2';

import { DEMO_PASSWORD, DEMO_PIN } from '../../src/seed/demo.ts';

/**
 * The argon2id cost of the seeded test data only (decision 137): 1 MiB and one pass instead of the
 * production 19 MiB and two passes (`lib/passwords.ts`, the library's defaults). Every test sign-in with
 * the demo password verifies against the seeded hash, and at the production cost each verify took
 * 130 ms of a core on the loaded machine; at this one about 7 ms. Verifying reads the cost from the
 * hash itself, so the server checks these exactly as it checks its own. Production never sees them:
 * the seed (`npm run seed`, a first start) hashes at the production cost, which seed.test.ts pins, and
 * only the test runs' set-ups (apps/api/test/helpers/global-setup.ts, e2e/helpers/global-setup.ts)
 * rewrite their copies of the demo data with these.
 */
export const TEST_HASH_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

const cheap = (secret: string) => hash(secret, { algorithm: 2 as Algorithm, ...TEST_HASH_COST });

/** Rewrites the seeded demo password and PIN hashes of a seeded test database at TEST_HASH_COST. */
export async function cheapenSeededHashes(query: (sql: string, params: unknown[]) => Promise<unknown>) {
  const [password, pin] = await Promise.all([cheap(DEMO_PASSWORD), cheap(DEMO_PIN)]);
  await query('UPDATE users SET password_hash = $1 WHERE password_hash IS NOT NULL', [password]);
  await query('UPDATE accounts SET pin_hash = $1 WHERE pin_hash IS NOT NULL', [pin]);
}
