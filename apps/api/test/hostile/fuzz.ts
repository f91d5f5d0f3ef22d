import fc from 'fast-check';
import type { Call, Method } from '@portal/contract';

import type { TestApp } from '../helpers/test-app.ts';
import { envelopeProblem, fieldName, fieldsOf, inputSchema, send, setAt, type FieldPath } from './contract-kit.ts';

/**
 * Hostile input for every field of a call: a fixed list of boundary values (every field gets each),
 * random values from fast-check on top (HOSTILE_RUNS per field, 4 by default so the suite stays
 * short; raise it for a deeper run), and whole requests that are not what the call reads at all.
 * Every answer must be the envelope with a 4xx, or a 2xx; never a 5xx, never a hang.
 */

export const runsPerField = Number(process.env.HOSTILE_RUNS ?? 4);

const deep = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Every top-level field gets each of these, alone and all fields at once: one of each kind of trouble. */
export const boundaries: unknown[] = [
  '',
  ' \t\r\n',
  'a'.repeat(100_000),
  'a\u0000b',
  'x\uD800y',
  '😀e\u0301\u202E\u200B\uFEFF\uFFFF',
  'NaN',
  '1e309',
  '-1',
  '1.5',
  '2147483648',
  '99999999999999999999999999999',
  ' 7 ',
  "1' OR '1'='1",
  '%00%/../<script>',
  -1,
  1.5,
  2147483648,
  1e308,
  true,
  null,
  [],
  [null, 1, 'a', {}],
  {},
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  deep(3000),
  Array.from({ length: 5000 }, (_, i) => i),
];

/** Fields inside lists and objects (integration items above all) get these; random values add the rest. */
export const nestedBoundaries: unknown[] = [
  '',
  'a'.repeat(100_000),
  'a\u0000b',
  'x\uDFFFy',
  'NaN',
  '99999999999999999999999999999',
  -1,
  1e308,
  true,
  null,
  [null, 1, 'a', {}],
  {},
  deep(3000),
];

/** A UTF-16 code unit of any value, lone surrogates and NUL included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));

/** Random values of any JSON type, weighted towards the kinds that break parsers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...boundaries) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 400 }) },
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.stringMatching(/^-?\d{1,30}(\.\d{1,10})?$/),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 4 }),
  fc.array(fc.integer(), { maxLength: 20 }),
);

export interface Target {
  call: Call;
  token: string | undefined;
  baseline: Record<string, unknown>;
}

const check = (call: Call, res: Awaited<ReturnType<typeof send>>) => {
  const problem = envelopeProblem(call, res);
  if (problem) throw new Error(problem);
};

/** Each top-level field, then all of them at once, given each boundary value; nested fields a shorter list. */
export async function fuzzBoundaries({ call, token, baseline }: Target, method: Method) {
  const paths: FieldPath[] = fieldsOf(inputSchema(call)).map((f) => f.path);
  const top = paths.filter((p) => p.length === 1);
  for (const value of boundaries) {
    const all = Object.fromEntries(top.map((p) => [p[0] as string, value]));
    check(call, await send(t(), call, method, { ...baseline, ...all }, { token }));
    for (const path of top) check(call, await send(t(), call, method, setAt(baseline, path, value), { token }));
  }
  for (const value of nestedBoundaries)
    for (const path of paths.filter((p) => p.length > 1))
      check(call, await send(t(), call, method, setAt(baseline, path, value), { token }));
}

/** Random values in each field (nested ones included), the rest of the input valid. */
export async function fuzzFields({ call, token, baseline }: Target, method: Method) {
  const fields = fieldsOf(inputSchema(call));
  for (const field of fields) {
    const run = await fc.check(
      fc.asyncProperty(hostileValue, async (value) => {
        check(call, await send(t(), call, method, setAt(baseline, field.path, value), { token }));
      }),
      { numRuns: runsPerField, endOnFailure: true },
    );
    if (run.failed)
      throw new Error(`${String(run.errorInstance)} (field ${fieldName(field.path)}, fast-check seed ${run.seed})`);
  }
  return fields.map((f) => fieldName(f.path));
}

/** Requests that are not what the call reads: other bodies, media types, sizes and query shapes. */
export async function fuzzRequests({ call, token, baseline }: Target, method: Method) {
  const json = (body: string) => ({ raw: { body, contentType: 'application/json' }, token });
  const cases: Parameters<typeof send>[4][] =
    method === 'GET'
      ? []
      : [
          json('{'),
          json('[]'),
          json('"text"'),
          json('1'),
          json('null'),
          json(JSON.stringify({ ...baseline, unexpected: 'field', nested: deep(50) })),
          json(`{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`),
          json(JSON.stringify({ pad: 'a'.repeat(2 * 1024 * 1024) })),
          { raw: { body: JSON.stringify(baseline), contentType: 'text/plain' }, token },
          { raw: { body: 'a=1&a=2', contentType: 'application/x-www-form-urlencoded' }, token },
          { raw: { body: '--x\r\n\r\n', contentType: 'multipart/form-data; boundary=x' }, token },
        ];
  for (const options of cases) check(call, await send(t(), call, method, baseline, options));
  // Query strings a browser would not write: bad escapes, brackets, repeated keys, a long one.
  for (const rawQuery of ['%', '%ZZ=1&%E0%A4%A=2', 'a[b]=1&a[c]=2', '&&==&', `x=${'b'.repeat(50_000)}`])
    check(call, await send(t(), call, method, baseline, { token, rawQuery }));
}

let current: TestApp | undefined;
/** The app the fuzz helpers send to (one per test file). */
export const useApp = (app: TestApp) => void (current = app);
const t = () => {
  if (!current) throw new Error('useApp(t) first');
  return current;
};
