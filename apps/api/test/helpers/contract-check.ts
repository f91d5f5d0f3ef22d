import { allCalls } from '@portal/contract';

/** Each call's path as a pattern under /api (`:name` parameters match one segment). */
const routes = allCalls.map((call) => ({
  call,
  pattern: new RegExp(`^/api${call.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`),
}));

const successCodes = new Set(['SUCCESS', 'USER_CREATED']);

/**
 * The contract is the truth of the wire: every successful answer a test receives must parse with its
 * call's data schema. The browser takes answers as typed and validates nothing (decision 103), so this
 * is where an answer that drifted from the contract is caught, on every call of every API test.
 */
export function checkAnswer(method: string, url: string, status: number, body: { code?: unknown; data?: unknown }) {
  if (status !== 200 || !successCodes.has(String(body.code))) return;
  const path = url.split('?')[0]!;
  const route = routes.find((r) => r.call.methods.includes(method as never) && r.pattern.test(path));
  if (!route?.call.data) return;
  const parsed = route.call.data.safeParse(body.data);
  if (!parsed.success) {
    throw new Error(`The answer of ${route.call.id} does not match the contract: ${parsed.error.message}`);
  }
}
