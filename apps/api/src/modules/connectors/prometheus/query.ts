/**
 * One query_range request to a Prometheus-compatible server (Prometheus, Thanos, Mimir,
 * VictoriaMetrics): POST {url}/api/v1/query_range with the expression, the range and the step, signed
 * with the source's bearer token or basic auth, given up after `timeoutMs`. Answers the one series the
 * expression yields as [time, value] pairs, or throws a SourceError with the text staff will see.
 */

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

/** Longest error text kept (a source may answer a whole HTML page). */
const maxErrorLength = 300;
const clip = (text: string) => (text.length > maxErrorLength ? `${text.slice(0, maxErrorLength - 1)}…` : text);

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

export async function queryRange(q: RangeQuery): Promise<[number, number | null][]> {
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
    response = await fetch(`${q.url}/api/v1/query_range`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...authorization(q.auth),
      },
      body,
      signal: AbortSignal.timeout(q.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError') throw new SourceError(`The source did not answer within ${q.timeoutMs / 1000} s.`);
    throw new SourceError(clip(`The source could not be reached: ${e.cause?.message ?? e.message}`));
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
    const detail = answer?.error
      ? `${answer.errorType ? `${answer.errorType}: ` : ''}${answer.error}`
      : text.trim().replace(/\s+/g, ' ');
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
