import type { Call, CallData, CallInput, CallRoute, Envelope, FieldErrors, ResultCode } from '@portal/contract';
import { buildPath, messages, resultStatus } from '@portal/contract';

import { ApiError } from './api-error.ts';
import { handleErrorCode } from './error-catalogue.ts';
import { serverContext } from './server-context.ts';
import { getToken } from './token.ts';

export const apiBase = '/api';

const successCodes: readonly ResultCode[] = ['SUCCESS', 'USER_CREATED'];

export interface RequestOptions {
  signal?: AbortSignal;
  /** A multipart body (file uploads), sent instead of the JSON payload of a POST call. */
  form?: FormData;
}

interface Prepared {
  url: string;
  init: RequestInit;
}

/** Builds the fetch of a call: path params filled, GET input (and `page`) as query string, POST input as JSON. */
export function prepareRequest(call: CallRoute, input: object, options: RequestOptions = {}): Prepared {
  const method = call.methods[0] ?? 'GET';
  const { path, rest } = buildPath(call.path, input as Record<string, unknown>);
  const query = new URLSearchParams();
  const addQuery = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) value.forEach((item) => query.append(key, String(item)));
    else query.append(key, String(value));
  };

  let body: string | FormData | undefined;
  if (method === 'GET') {
    for (const [key, value] of Object.entries(rest)) addQuery(key, value);
  } else {
    // The page number of paged calls always travels as the `page` query parameter.
    const { page, ...payload } = rest;
    addQuery('page', page);
    body = options.form ?? JSON.stringify(payload);
  }

  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  // A FormData body sets its own multipart Content-Type (with the boundary).
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const search = query.toString();
  return {
    url: `${apiBase}${path}${search ? `?${search}` : ''}`,
    init: { method, headers, body, signal: options.signal, credentials: 'same-origin' },
  };
}

/** Guards for calls that need a token: without one the session is over (spec: raises an error). */
function requireToken(call: CallRoute): void {
  if (call.access === 'user' && !getToken()) {
    throw handleErrorCode('INVALID_TOKEN', messages.genericError, 401);
  }
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && 'data' in value;
}

/** Sends a call and returns the whole envelope (for callers that look at success codes like USER_CREATED). */
export async function requestEnvelope<C extends Call>(
  call: CallRoute<C>,
  input: CallInput<C>,
  options: RequestOptions = {},
): Promise<Envelope<CallData<C>>> {
  requireToken(call);
  const { url, init } = prepareRequest(call, input as object, options);

  let response: Response;
  try {
    // On the server, a page's calls go to the API in-process (decision 109).
    const send = serverContext()?.fetch ?? fetch;
    response = await send(url, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('NETWORK_ERROR', messages.genericError);
  }

  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch {
    throw new ApiError('SERVER_ERROR', messages.genericError, response.status);
  }
  if (!isEnvelope(envelope)) throw new ApiError('SERVER_ERROR', messages.genericError, response.status);

  const code = envelope.code in resultStatus ? envelope.code : 'SERVER_ERROR';
  if (!response.ok || !successCodes.includes(code)) {
    const fields = code === 'VALIDATION_ERROR' ? ((envelope.data as FieldErrors | null) ?? {}) : {};
    throw handleErrorCode(code, envelope.message || messages.genericError, response.status, fields);
  }

  // The answer is taken as the contract's: the API tests check every answer they get against the call's
  // schema, so the browser carries no schemas for the pages that validate nothing (decision 103).
  return { data: envelope.data as CallData<C>, code, message: envelope.message };
}

/** THE request helper: sends a contract call and returns its `data`, or throws an ApiError. */
export async function request<C extends Call>(
  call: CallRoute<C>,
  input: CallInput<C>,
  options: RequestOptions = {},
): Promise<CallData<C>> {
  const envelope = await requestEnvelope(call, input, options);
  return envelope.data;
}
