import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { envVariables, parseEnv, type Env } from '../../src/config/env.ts';
import { demoMailDomain } from '../../src/seed/provider.ts';
import { workersInProcess } from '../../src/workers.ts';

const readme = readFileSync(resolve(import.meta.dirname, '../../../../README.md'), 'utf8');

/** The configuration table's rows: the variables a row names, and its default cell. */
function configurationRows() {
  const section = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
  );
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [names = '', defaults = '', meaning = ''] = line.slice(2, -2).split(' | ');
      return { names: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1] as string), defaults, meaning };
    });
}

/** Secrets given, so that parsing writes nothing under the default DATA_DIR. */
const base = {
  JWT_SECRET: 'a-secret-of-at-least-32-characters-long',
  CONNECTOR_KEY: Buffer.alloc(32, 1).toString('base64'),
};
const defaults = parseEnv(base);
/** The value a setting takes: what env.ts parses, or for WORKERS what the process does with it. */
const effective = (env: Env, name: keyof Env) => (name === 'WORKERS' ? workersInProcess(env) : env[name]);

describe("the README's configuration table", () => {
  it('describes every variable env.ts reads', () => {
    const table = configurationRows()
      .map((row) => `${row.names.map((name) => `\`${name}\``).join(' ')} ${row.meaning}`)
      .join('\n');
    for (const name of envVariables) expect(table, name).toContain(`\`${name}\``);
  });

  it("shows each default as env.ts applies it outside production: a setting given the README's default behaves as one left unset", () => {
    let checked = 0;
    for (const { names, defaults: cell } of configurationRows()) {
      if (cell === '—') {
        for (const name of names) expect(defaults[name as keyof Env], name).toBeUndefined();
        checked += names.length;
        continue;
      }
      // A default said in words (generated under DATA_DIR, the provider's installers) is not a value.
      if (!cell.startsWith('`')) continue;
      // What follows in parentheses is another case (production, tests), checked elsewhere.
      const values = [...cell.replace(/\([^)]*\)/g, '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
      expect(values.length, names.join(', ')).toBe(names.length);
      names.forEach((name, i) => {
        const value = (values[i] as string).replace('$PORT', String(defaults.PORT));
        const key = name as keyof Env;
        expect(effective(parseEnv({ ...base, [name]: value }), key), name).toEqual(effective(defaults, key));
        checked += 1;
      });
    }
    expect(checked).toBeGreaterThan(30);
  });
});

describe("the README's deploy command", () => {
  it("names the mail settings, and with them the portal mails from and to the provider's own addresses", () => {
    const command = /```sh\nnpm ci[^\n]*\n([\s\S]*?)npm start\n```/.exec(readme)?.[1] ?? '';
    const settings = Object.fromEntries(
      [...command.matchAll(/([A-Z_]+)=('[^']*'|\S+)/g)].map((m) => [
        m[1] as string,
        (m[2] as string).replace(/^'|'$/g, ''),
      ]),
    );
    expect(Object.keys(settings)).toEqual(
      expect.arrayContaining(['SMTP_URL', 'MAIL_FROM', 'INQUIRY_INBOX', 'SUPPORT_INBOX']),
    );
    // The elided secrets and database, filled in: the command's own values are valid.
    const env = parseEnv({
      ...settings,
      JWT_SECRET: base.JWT_SECRET,
      CONNECTOR_KEY: base.CONNECTOR_KEY,
      DATABASE_URL: 'postgres://portal@db.example.com/portal',
    });
    expect(env.NODE_ENV).toBe('production');
    for (const name of ['MAIL_FROM', 'INQUIRY_INBOX', 'SUPPORT_INBOX'] as const) {
      expect(env[name]).not.toBe(defaults[name]);
      expect(env[name]).not.toContain(demoMailDomain);
    }
  });
});
