import type { Account } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The caller's accounts (through the API, as the app sees them). */
export async function accountsOf(t: TestApp, token: string): Promise<Account[]> {
  return (await t.call('GET', '/api/accounts/get-accounts', { token })).body.data as Account[];
}

/** The seeded app with two customers of different companies: the demo customer and the demo admin. */
export interface TwoCustomers {
  t: TestApp;
  customer: string;
  admin: string;
  mine: Account[];
  theirs: Account[];
}

export async function twoCustomers(): Promise<TwoCustomers> {
  const t = await createTestApp();
  const customer = await t.signIn('customer@demo.test');
  const admin = await t.signIn('admin@demo.test');
  return { t, customer, admin, mine: await accountsOf(t, customer), theirs: await accountsOf(t, admin) };
}

export const first = <T>(list: readonly T[]): T => {
  if (list[0] === undefined) throw new Error('empty list');
  return list[0];
};

/** A binary answer with its bytes intact (t.call reads bodies as text). */
export async function download(t: TestApp, url: string, token: string | undefined, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body,
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() };
}

/** RFC 4180 parser for the tests: quoted fields, doubled quotes, CRLF records. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
