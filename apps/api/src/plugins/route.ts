import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { validationMessages, type Call, type CallParsed, type ResultCode } from '@portal/contract';

import type { Deps } from '../deps.ts';
import { invalid } from '../lib/errors.ts';
import type { Caller } from '../lib/scope.ts';
import { isStorableText } from '../lib/text.ts';
import { authenticate } from './auth.ts';
import { validationError } from './error-handler.ts';

export interface Context<C extends Call> {
  input: CallParsed<C>;
  caller: C['auth'] extends { access: 'user' } ? Caller : Caller | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler returns: the data alone, or the data with a code and message of its own. */
export type Answer<T> = T | { data: T; code: ResultCode; message: string; status?: number; __answer: true };

export const answer = <T>(data: T, code: ResultCode, message: string) =>
  ({ data, code, message, __answer: true }) as const;

const isAnswer = (value: unknown): value is { data: unknown; code: ResultCode; message: string } =>
  typeof value === 'object' && value !== null && '__answer' in value;

/**
 * Registers one contract call: every method it lists, its input parsed from path, query and body
 * together with the contract's schema (a `rawBody` call's body is left to its handler), its auth, and
 * the envelope around what the handler returns. Binary calls write to `reply` themselves and return it.
 */
export function route<C extends Call>(
  app: FastifyInstance,
  deps: Deps,
  call: C,
  handler: (ctx: Context<C>) => Promise<unknown>,
): void {
  // Only the portal's own pages may read the answers; the OpenAPI document states it on every answer.
  const allowOrigin = new URL(deps.env.PUBLIC_URL).origin;
  for (const method of call.methods) {
    app.route({
      method,
      url: call.path,
      config: { operationId: call.id },
      // With `done`, not async: an async hook costs a promise and a microtask turn on every request.
      onRequest: (_request, reply, done) => {
        reply.header('access-control-allow-origin', allowOrigin);
        done();
      },
      handler: async (request, reply) => {
        const caller =
          call.auth.access === 'user' ? await authenticate(deps, request, reply, call.auth, call.id) : null;
        const raw = {
          ...(isObject(request.query) ? request.query : {}),
          ...(!call.rawBody && isObject(request.body) ? request.body : {}),
          ...(isObject(request.params) ? request.params : {}),
        };
        // A batch checks each item itself (Call.checkedPerItem): one item's text refuses that item only.
        const unstorable = call.checkedPerItem ? [] : unstorableTextFields(raw);
        if (unstorable.length)
          throw invalid(Object.fromEntries(unstorable.map((field) => [field, [validationMessages.type]])));
        const parsed = call.input.safeParse(raw);
        if (!parsed.success) throw validationError(parsed.error);
        const result = await handler({
          input: parsed.data as CallParsed<C>,
          caller: caller as Context<C>['caller'],
          request,
          reply,
        });
        // Binary calls, and a handler that answered itself (a protobuf answer), have sent their reply.
        if (call.binary || result === reply) return reply;
        if (isAnswer(result))
          return reply.send({ data: result.data ?? null, code: result.code, message: result.message });
        return reply.send({ data: result ?? null, code: 'SUCCESS', message: '' });
      },
    });
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Names (as a VALIDATION_ERROR names them) of the text values anywhere in the input that PostgreSQL
 * cannot store: a NUL character, or a lone surrogate (JSON may escape one, "\ud800"; the database
 * refuses it, which was a 500), so no call may take one. Walks without recursion, so a deeply nested
 * payload cannot exhaust the stack.
 */
export function unstorableTextFields(input: Record<string, unknown>): string[] {
  const found: string[] = [];
  const queue: [string, unknown][] = Object.entries(input);
  for (let i = 0; i < queue.length; i++) {
    const [path, value] = queue[i] as [string, unknown];
    if (typeof value === 'string' && !isStorableText(value)) found.push(path);
    else if (typeof value === 'object' && value !== null)
      for (const [key, item] of Object.entries(value)) queue.push([`${path}.${key}`, item]);
  }
  return found;
}
