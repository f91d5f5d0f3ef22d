import { allCalls, type Call } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * PostgreSQL cannot store a NUL character in text: every text field of every call must refuse it as
 * a VALIDATION_ERROR naming the field, never reach the database and answer 500. Generated from the
 * contract, so a new call is covered the day it is added.
 */
interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
}

const nul = 'a\u0000b';
const variants = (schema: JsonSchema): JsonSchema[] => [schema, ...(schema.anyOf ?? []).flatMap(variants)];

/** Each text leaf of an input schema: its field name (as a VALIDATION_ERROR names it) and a payload holding the NUL there. */
function nulCases(schema: JsonSchema): { field: string[]; value: unknown }[] {
  const all = variants(schema);
  if (all.some((s) => s.type === 'string')) return [{ field: [], value: nul }];
  const object = all.find((s) => s.type === 'object' && s.properties);
  if (object)
    return Object.entries(object.properties ?? {}).flatMap(([name, property]) =>
      nulCases(property).map((c) => ({ field: [name, ...c.field], value: { [name]: c.value } })),
    );
  const array = all.find((s) => s.type === 'array' && s.items);
  if (array?.items) return nulCases(array.items).map((c) => ({ field: ['0', ...c.field], value: [c.value] }));
  return [];
}

const pathParams = (call: Call) => [...call.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);

const cases = allCalls.flatMap((call) => {
  const input = z.toJSONSchema(call.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const method = call.methods[0] as string;
  return nulCases(input)
    .filter((c) => method === 'POST' || c.field.length === 1)
    .map((c) => ({ label: `${method} ${call.path} ${c.field.join('.')}`, call, method, ...c }));
});

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn(demoEmails.staff3);
});
afterAll(() => t.close());

describe('a NUL character in a text field', () => {
  it('is tried in the text fields of many calls', () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  it.each(cases)('$label answers VALIDATION_ERROR naming the field', async ({ call, method, field, value }) => {
    const payload = value as Record<string, unknown>;
    const params = pathParams(call);
    const path = call.path.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
      encodeURIComponent(name in payload ? String(payload[name]) : '1'),
    );
    const rest = Object.fromEntries(Object.entries(payload).filter(([name]) => !params.includes(name)));
    const query = method === 'POST' ? '' : `?${new URLSearchParams(rest as Record<string, string>)}`;
    const res = await t.call(method as 'GET' | 'POST', `/api${path}${query}`, {
      token,
      ...(method === 'POST' ? { body: rest } : {}),
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.body.data as object)).toContain(field.join('.'));
  });
});
