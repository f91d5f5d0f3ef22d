import { allCalls, integration, type Call, type Method } from '@portal/contract';
import { z } from 'zod';

import type { TestApp } from '../helpers/test-app.ts';

/**
 * What the hostile tests know of a call, read from the contract alone: its fields (nested ones
 * included) and how to put a payload on the wire. Nothing here names a call.
 */

export interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
}

export type FieldPath = (string | number)[];
export interface Field {
  path: FieldPath;
  schema: JsonSchema;
}

export const toSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The schema itself and every alternative it allows (optional and nullable fields are unions). */
export const variants = (schema: JsonSchema): JsonSchema[] => [schema, ...(schema.anyOf ?? []).flatMap(variants)];
const objectOf = (schema: JsonSchema) => variants(schema).find((s) => s.type === 'object' && s.properties);
const arrayOf = (schema: JsonSchema) => variants(schema).find((s) => s.type === 'array');

/** Batch calls take `items: unknown[]`; each item is parsed with its collection's schema. */
export function batchCollection(call: Call): keyof typeof integration.collections | undefined {
  const name = /^\/integration\/v1\/([a-z]+)\/batch$/.exec(call.path)?.[1];
  return name && name in integration.collections ? (name as keyof typeof integration.collections) : undefined;
}

/** A call's input schema, with a batch call's items described by their collection's schema. */
export function inputSchema(call: Call): JsonSchema {
  const schema = toSchema(call.input);
  const collection = batchCollection(call);
  if (collection && schema.properties?.items)
    schema.properties.items = { ...schema.properties.items, items: toSchema(integration.collections[collection].item) };
  return schema;
}

/** Every field of a schema, depth first: objects by property, arrays by their first element. */
export function fieldsOf(schema: JsonSchema, prefix: FieldPath = []): Field[] {
  const object = objectOf(schema);
  if (object)
    return Object.entries(object.properties ?? {}).flatMap(([name, child]) => [
      { path: [...prefix, name], schema: child },
      ...fieldsOf(child, [...prefix, name]),
    ]);
  const array = arrayOf(schema);
  if (array?.items && (objectOf(array.items) || arrayOf(array.items)))
    return [{ path: [...prefix, 0], schema: array.items }, ...fieldsOf(array.items, [...prefix, 0])];
  return [];
}

export const pathParams = (call: Call) => [...call.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
export const fieldName = (path: FieldPath) => path.map((p) => (typeof p === 'number' ? '[]' : p)).join('.');
export const userCalls = allCalls.filter((c) => c.auth.access === 'user');
export const staffLevelOf = (call: Call) => (call.auth as { staffLevel?: number }).staffLevel;

/** A copy of `input` with `value` at `path`, creating the objects and arrays on the way. */
export function setAt(input: unknown, path: FieldPath, value: unknown): Record<string, unknown> {
  const root = structuredClone(input ?? {}) as Record<string, unknown>;
  let node: Record<string | number, unknown> = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) node[key] = value;
    else {
      const next = node[key];
      if (typeof next !== 'object' || next === null) node[key] = typeof path[i + 1] === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  });
  return root;
}

/** Percent-encoding that also takes lone surrogates (as their WTF-8 bytes, which a server must refuse). */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) => {
        const unit = ch.charCodeAt(0);
        if (ch.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(ch);
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      })
      .join('');
  }
}

const queryValue = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : String(value);

/** A query string as a browser's URLSearchParams would write it; arrays repeat their key. */
export function queryString(input: Record<string, unknown>): string {
  const pairs = Object.entries(input).flatMap(([key, value]) =>
    value === undefined
      ? []
      : (Array.isArray(value) ? value : [value]).map((v) => `${encode(key)}=${encode(queryValue(v))}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

export interface Sent {
  status: number;
  body: { data: unknown; code: string; message: string } | undefined;
  contentType: string;
  raw: string;
  label: string;
}

/** A hang is a failure: every request answers within this time (PGlite on a loaded machine included). */
export const requestTimeoutMs = 15_000;

/**
 * Sends a payload to a call the way the web app does: path parameters in the path, the rest in the
 * query for GET and in a JSON body otherwise. `raw` sends a body as given (any type, any text);
 * `rawQuery` adds a query string as given (bad escapes and all).
 */
export async function send(
  t: TestApp,
  call: Call,
  method: Method,
  input: unknown,
  options: { token?: string | undefined; raw?: { body: string; contentType: string }; rawQuery?: string } = {},
): Promise<Sent> {
  const params = pathParams(call);
  const fields = (isObject(input) ? input : {}) as Record<string, unknown>;
  const path = call.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encode(queryValue(fields[name] ?? 1)));
  const rest = isObject(input)
    ? Object.fromEntries(Object.entries(fields).filter(([name]) => !params.includes(name)))
    : input;
  const inQuery = method === 'GET';
  const query = [inQuery && isObject(rest) ? queryString(rest).slice(1) : '', options.rawQuery ?? '']
    .filter(Boolean)
    .join('&');
  const url = `/api${path}${query ? `?${query}` : ''}`;
  const body = options.raw?.body ?? (inQuery ? undefined : JSON.stringify(rest));
  const label = `${method} ${url.slice(0, 300)} ${(body ?? '').slice(0, 300)}`;
  const headers: Record<string, string> = {
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(body !== undefined ? { 'content-type': options.raw?.contentType ?? 'application/json' } : {}),
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${requestTimeoutMs} ms: ${label}`)), requestTimeoutMs);
  });
  // A live stream (Server-Sent Events) answers only when its token expires: its opening is read, then
  // this side stops reading (the server ends it when it closes). Its errors are envelopes read whole.
  const streaming = call.binary === 'text/event-stream';
  try {
    const res = await Promise.race([
      t.app.inject({ method, url, headers, payload: body, ...(streaming ? { payloadAsStream: true } : {}) }),
      timeout,
    ]);
    const contentType = String(res.headers['content-type'] ?? '');
    const text = streaming
      ? await Promise.race([readStream(res.stream(), contentType.startsWith('text/event-stream')), timeout])
      : res.body;
    let parsed: Sent['body'];
    try {
      parsed = JSON.parse(text) as Sent['body'];
    } catch {
      parsed = undefined;
    }
    return { status: res.statusCode, body: parsed, contentType, raw: text.slice(0, 300), label };
  } finally {
    clearTimeout(timer);
  }
}

/** A whole answer, or only the first chunk of an event stream (which ends only when its token expires). */
function readStream(stream: NodeJS.ReadableStream & { destroy(): void }, firstChunkOnly: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (!firstChunkOnly) return;
      stream.destroy();
      resolve(Buffer.concat(chunks).toString());
    });
    stream.on('end', () => resolve(Buffer.concat(chunks).toString()));
    stream.on('error', reject);
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEnvelope = (body: Sent['body']) =>
  typeof body === 'object' &&
  body !== null &&
  'data' in body &&
  typeof body.code === 'string' &&
  body.code !== '' &&
  typeof body.message === 'string';

/**
 * What any answer to any input must be: a 4xx in the envelope with a code of ours (never the server
 * error), or a 2xx (the envelope for JSON calls, the file for binary ones). Returns the problem, or ''.
 */
export function envelopeProblem(call: Call, res: Sent): string {
  const problem = (() => {
    if (res.status >= 500) return 'a server error';
    if (res.status >= 400) return isEnvelope(res.body) ? '' : 'a 4xx outside the envelope';
    if (res.status >= 200 && res.status < 300)
      return call.binary || isEnvelope(res.body) ? '' : 'a 2xx outside the envelope';
    return `status ${res.status}`;
  })();
  return problem && `${problem}: ${res.label} -> ${res.status} ${res.raw}`;
}
