/**
 * One query_range request to a Prometheus-compatible server (Prometheus, Thanos, Mimir,
 * VictoriaMetrics): POST {url}/api/v1/query_range with the expression, the range and the step, signed
 * with the source's bearer token or basic auth, given up after `timeoutMs`, through the outbound rule
 * (decision 113). Answers the one series the expression yields as [time, value] pairs, or throws a
 * SourceError with the text staff will see: never the body of an answer that is not Prometheus's own
 * error (the URL could name an internal page), and that one short and on one line.
 */

import { OutboundRefused, shortReason as clip, type OutboundFetch } from '../../../lib/outbound.ts';

export interface SourceAuth {
  kind: 'none' | 'bearer' | 'basic';
  username: string | null;
  /** The bearer token or the basic-auth password, unsealed. */
  secret: string | null;
}

export interface RangeQuery {
  url: string;
  auth: SourceAuth;
  promql: string;
  start: number;
  end: number;
  step: number;
  timeoutMs: number;
}

/** A failure of the source (or of reaching it), with the source's own error text when it gave one. */
export class SourceError extends Error {}

/** {url}/api/v1/query_range, joined with the URL API (the source's path kept, no query or fragment). */
export function queryRangeUrl(base: string): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/v1/query_range`;
  url.search = '';
  url.hash = '';
  return url;
}

function authorization(auth: SourceAuth): Record<string, string> {
  if (auth.kind === 'bearer' && auth.secret) return { authorization: `Bearer ${auth.secret}` };
  if (auth.kind === 'basic' && auth.secret !== null)
    return {
      authorization: `Basic ${Buffer.from(`${auth.username ?? ''}:${auth.secret}`, 'utf8').toString('base64')}`,
    };
  return {};
}

interface PromAnswer {
  status?: string;
  error?: string;
  errorType?: string;
  data?: { resultType?: string; result?: { metric?: Record<string, string>; values?: [number, string][] }[] };
}

/** The value of a sample: Prometheus sends numbers as strings, NaN and infinities included (no value). */
const valueOf = (text: string) => {
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

export async function queryRange(q: RangeQuery, send: OutboundFetch): Promise<[number, number | null][]> {
  const body = new URLSearchParams({
    query: q.promql,
    start: String(q.start),
    end: String(q.end),
    step: String(q.step),
    // The source may stop its own evaluation at the same time as we stop waiting.
    timeout: `${Math.max(1, Math.floor(q.timeoutMs / 1000))}s`,
  });
  let response: Response;
  try {
    response = await send(queryRangeUrl(q.url).href, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...authorization(q.auth),
      },
      body,
      signal: AbortSignal.timeout(q.timeoutMs),
      // A redirect is not followed (it could lead anywhere); it is reported below.
      redirect: 'manual',
    });
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError') throw new SourceError(`The source did not answer within ${q.timeoutMs / 1000} s.`);
    if (e instanceof OutboundRefused) throw new SourceError(e.message);
    throw new SourceError(clip(`The source could not be reached: ${e.cause?.message ?? e.message}`));
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new SourceError(`The source answered a redirect (HTTP ${response.status}), which is not followed.`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const e = error as Error;
    if (e.name === 'TimeoutError') throw new SourceError(`The source did not answer within ${q.timeoutMs / 1000} s.`);
    throw new SourceError(clip(`The source's answer broke off: ${e.message}`));
  }
  let answer: PromAnswer | undefined;
  try {
    answer = JSON.parse(text) as PromAnswer;
  } catch {
    answer = undefined;
  }
  if (answer?.status === 'error' || !response.ok) {
    // Prometheus's own error (errorType, error) says what is wrong with the expression; any other body
    // is not shown at all.
    const detail =
      typeof answer?.error === 'string'
        ? `${typeof answer.errorType === 'string' ? `${answer.errorType}: ` : ''}${answer.error}`
        : '';
    throw new SourceError(clip(`HTTP ${response.status}${detail ? `: ${detail}` : ''}`));
  }
  if (answer?.status !== 'success' || answer.data?.resultType !== 'matrix' || !Array.isArray(answer.data.result))
    throw new SourceError('The source did not answer a query_range result (status success, a matrix).');
  const series = answer.data.result;
  if (series.length > 1)
    throw new SourceError(
      `The expression yields ${series.length} series; a chart column takes one (aggregate it, e.g. sum(...)).`,
    );
  return (series[0]?.values ?? []).map(([t, v]) => [Number(t), valueOf(v)]);
}
