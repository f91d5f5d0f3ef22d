/**
 * npm run staff -- create --email EMAIL --level 1|2|3 [--first-name NAME] [--last-name NAME]
 *
 * Creates a provider staff user (or sets an existing user's staff level) on the configured database and
 * prints a one-time link with which they choose their password. How the first staff user of a
 * production portal comes to be.
 */
import { parseArgs } from 'node:util';

import { z } from 'zod';

import { email } from '@portal/contract';

import { openDatabase } from '../bootstrap.ts';
import { loadEnv } from '../config/env.ts';
import { migrate } from '../db/migrate.ts';
import { systemClock } from '../lib/clock.ts';
import { createStaffUser } from '../modules/admin/staff-users.service.ts';

const USAGE = 'usage: npm run staff -- create --email EMAIL --level 1|2|3 [--first-name NAME] [--last-name NAME]';

const args = z.object({
  command: z.literal('create', { error: 'the only command is "create"' }),
  email,
  level: z.coerce.number().int().min(1).max(3, { error: 'level is 1, 2 or 3' }),
  firstName: z.string().trim().min(1).max(100).default('Provider'),
  lastName: z.string().trim().min(1).max(100).default('Staff'),
});

async function main(argv: string[]): Promise<number> {
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        level: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const parsed = args.safeParse({
    command: positionals[0],
    email: values.email,
    level: values.level,
    firstName: values['first-name'],
    lastName: values['last-name'],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join('.') || 'arguments'}: ${issue.message}`);
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  const db = await openDatabase(env);
  try {
    await migrate(db);
    const { email: address, level, firstName, lastName } = parsed.data;
    const staff = await createStaffUser(
      { db, env, clock: systemClock },
      { email: address, level: level as 1 | 2 | 3, firstName, lastName },
    );
    console.log(
      `${staff.created ? 'Created' : 'Updated'} staff user ${address} (level ${level}). ` +
        'Open this link within one hour to choose the password (it works once):',
    );
    console.log(staff.link);
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
