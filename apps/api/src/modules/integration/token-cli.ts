/**
 * npm run integration-token -- --name NAME --scope all [--scope events ...]
 *
 * Creates an integration token without a browser (first set-up of a provider feed) and prints only
 * the secret, so it can be captured: TOKEN=$(npm run -s integration-token -- --name feed --scope all).
 */
import { parseArgs } from 'node:util';

import { integration, type IntegrationScope } from '@portal/contract';

import { openDatabase } from '../../bootstrap.ts';
import { loadEnv } from '../../config/env.ts';
import { migrate } from '../../db/migrate.ts';
import { createToken } from './tokens.service.ts';

const USAGE = `usage: npm run integration-token -- --name NAME --scope SCOPE [--scope SCOPE ...]
scopes: ${integration.scopes.join(', ')}`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      name: { type: 'string' },
      scope: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  });
  const parsed = integration.createToken.input.safeParse({
    name: values.name,
    scopes: (values.scope ?? []).flatMap((s) => s.split(',')),
  });
  if (values.help || !parsed.success) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const db = await openDatabase(loadEnv());
  try {
    await migrate(db);
    const { token } = await createToken(db, {
      name: parsed.data.name,
      scopes: parsed.data.scopes as IntegrationScope[],
      userId: null,
      nowMs: Date.now(),
    });
    console.log(token);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
