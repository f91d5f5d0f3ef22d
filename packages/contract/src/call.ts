import type { z } from 'zod';

import type { ResultCode } from './codes.ts';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface CallAuth {
  /**
   * 'public' calls need no token; 'user' calls need a valid bearer token; 'integration' calls
   * (/integration/v1/...) need an integration token, checked by the integration module.
   */
  access: 'public' | 'user' | 'integration';
  /** Minimum uss_admin_level (staff calls). */
  staffLevel?: number;
  /** Gates this call stays reachable through: the login-data loads, the legal and profile pages. */
  exempt?: readonly ('legal' | 'twoFactor')[];
  /**
   * 'integration' calls: the integration token scope the call needs (a token with `all` has every
   * scope). 'user' calls: the customer API token scope that lets a `pct_` token make the call
   * (decision 129); a call without one refuses those tokens.
   */
  scope?: string;
}

export interface Call<I extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType, A extends CallAuth = CallAuth> {
  id: string;
  summary: string;
  tag: string;
  methods: readonly Method[];
  /** Path below /api, with `:name` path parameters. */
  path: string;
  /** Payload: path parameters, query and body merged into one object and parsed together. */
  input: I;
  /** Shape of the envelope's `data` on success; `null` for binary downloads. */
  data: D | null;
  codes: readonly ResultCode[];
  auth: A;
  /** Binary answers: the MIME type of the download. */
  binary?: string;
  /**
   * For the API description only, when the server parses the input in parts: a batch's items are
   * parsed one by one (so one bad item does not fail the others), yet the document shows their fields.
   */
  documentedInput?: z.ZodType;
  /**
   * The server checks each of the input's `items` on its own, texts included (integration batches): one
   * item's text that no column can hold refuses that item, not the call (plugins/route.ts).
   */
  checkedPerItem?: true;
  /**
   * The body is the call's payload as sent (protobuf, OTLP), read by the handler itself: the input is
   * taken from the path and query only (plugins/route.ts).
   */
  rawBody?: true;
}

/**
 * What a client needs to send a call: where it goes and how (routes.ts has one per call). `C` only
 * carries the call's input and data types; the schemas stay with the call, for whoever validates.
 */
export interface CallRoute<C extends Call = Call> {
  id: string;
  path: string;
  methods: readonly Method[];
  access: CallAuth['access'];
  binary?: string;
  /** Never set at run time: the call whose types this route sends. */
  readonly types?: C;
}

export type CallInput<C extends Call> = z.input<C['input']>;
export type CallParsed<C extends Call> = z.output<C['input']>;
export type CallData<C extends Call> = z.output<NonNullable<C['data']>>;

/** Whether an area module's export is a call (areas also export schemas and constants). */
export const isCall = (value: unknown): value is Call =>
  typeof value === 'object' && value !== null && 'path' in value && 'methods' in value && 'input' in value;

export const defineCall = <I extends z.ZodType, D extends z.ZodType, const A extends CallAuth>(call: Call<I, D, A>) =>
  call;

/** Fill `:name` parameters of a call's path from its input; returns the path and the input that is left. */
export function buildPath(
  path: string,
  input: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing route parameter "${name}" for ${path}`);
    }
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}
