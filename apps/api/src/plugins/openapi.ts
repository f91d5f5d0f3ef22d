import { allCalls, apiTokens, outbox as outboxCalls, resultStatus, type Call, type ResultCode } from '@portal/contract';

import { inputSchema, outputCeilings, outputSchema } from './openapi-schemas.ts';

const headerNumber = { type: 'integer', format: 'int32', minimum: 0, maximum: 2147483647 };

/** Headers on every answer of a call (route.ts and the api-rate-limit plugin send them). */
const headers = {
  'RateLimit-Limit': { description: 'Requests a client address may make per window.', schema: headerNumber },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: headerNumber },
  'RateLimit-Reset': { description: 'Seconds until the current window ends.', schema: headerNumber },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: headerNumber },
  'Access-Control-Allow-Origin': {
    description: "The portal's own origin (PUBLIC_URL): no other site's pages may read the answer.",
    schema: { type: 'string', format: 'uri', maxLength: 2048 },
  },
};
const ref = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` });
const answerHeaders = (status: number) => ({
  'RateLimit-Limit': ref('RateLimit-Limit'),
  'RateLimit-Remaining': ref('RateLimit-Remaining'),
  'RateLimit-Reset': ref('RateLimit-Reset'),
  'Access-Control-Allow-Origin': ref('Access-Control-Allow-Origin'),
  ...(status === 429 ? { 'Retry-After': ref('Retry-After') } : {}),
});

const fieldErrors = {
  type: 'object',
  description: 'Field name: the messages of the rules it breaks.',
  additionalProperties: { type: 'array', items: { type: 'string' } },
};

/** The envelope every JSON answer travels in, with the codes an answer of this status may carry. */
const envelope = (codes: ResultCode[], data: Record<string, unknown>) =>
  outputSchema({
    type: 'object',
    required: ['data', 'code', 'message'],
    properties: { data, code: { type: 'string', enum: codes }, message: { type: 'string' } },
  });

/**
 * Codes a call may answer beyond its own: from route() (auth gates, input), the rate limits and the
 * error handler. A customer API token passes no gate; a token without the call's scope is FORBIDDEN.
 */
function answerCodes(call: Call, method: string, hasInput: boolean, customer: boolean): ResultCode[] {
  const codes = new Set<ResultCode>(call.codes);
  if (customer) codes.add('INVALID_TOKEN').add('EXPIRED_TOKEN').add('FORBIDDEN');
  else if (call.auth.access === 'user') {
    codes.add('INVALID_TOKEN').add('EXPIRED_TOKEN');
    if (!call.auth.exempt?.includes('legal')) codes.add('UNACCEPTED_LEGAL_AGREEMENT');
    if (!call.auth.exempt?.includes('twoFactor')) codes.add('USS_TWO_FACTOR_AUTH_REQUIRED');
    if (call.auth.staffLevel !== undefined) codes.add('FORBIDDEN');
  }
  if (hasInput) codes.add('VALIDATION_ERROR');
  if (method === 'POST') codes.add('BAD_REQUEST').add('PAYLOAD_TOO_LARGE');
  return [...codes.add('TOO_MANY_ATTEMPTS').add('SERVER_ERROR')];
}

function responses(call: Call, codes: ResultCode[]) {
  const byStatus = new Map<number, ResultCode[]>();
  for (const code of codes) byStatus.set(resultStatus[code], [...(byStatus.get(resultStatus[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, group]) => {
      const content =
        status === 200 && call.binary
          ? { [call.binary]: { schema: { type: 'string', format: 'binary', maxLength: outputCeilings.downloadBytes } } }
          : {
              'application/json': {
                schema: envelope(
                  group,
                  status === 200 && call.data
                    ? outputSchema(call.data)
                    : status === 422
                      ? fieldErrors
                      : { nullable: true, description: 'null, or what the code needs said' },
                ),
              },
            };
      return [String(status), { description: group.join(', '), headers: answerHeaders(status), content }];
    }),
  );
}

/** Who may make a call: said in words, and as a security scheme (one per staff area, see components). */
function access(call: Call) {
  const { access: who, staffLevel, exempt } = call.auth;
  if (who === 'public') return { security: [], description: 'Public: no token needed.' };
  if (who === 'integration')
    return {
      security: [{ [`integration_${call.auth.scope}`]: [] }],
      description: `An integration token with the ${call.auth.scope} scope (or all); a user's token never works here.`,
    };
  const gates = exempt?.length ? ` Open while ${exempt.join(' and ')} is pending.` : '';
  if (staffLevel !== undefined)
    return {
      security: [{ [`staff_${call.tag}`]: [] }],
      description: `Provider staff only: uss_admin_level ${staffLevel} or higher.${gates}`,
    };
  return { security: [{ bearer: [] }], description: `A signed-in user's token.${gates}` };
}

/** A call in the customer API document: a `pct_` token with its scope. */
const customerAccess = (call: Call) => ({
  security: [{ [customerScheme(call.auth.scope!)]: [] }],
  description: `A customer API token (pct_...) with the ${call.auth.scope} scope; a plain user's access to the token's accounts.`,
});
const customerScheme = (scope: string) => `token_${scope.replace(':', '_')}`;

function operation(call: Call, method: string, customer = false) {
  const input = inputSchema(call.documentedInput ?? call.input);
  const pathParams = [...call.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
  const properties = (input.properties ?? {}) as Record<string, unknown>;
  const parameters = pathParams.map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? {} }));
  const rest = Object.keys(properties).filter((name) => !pathParams.includes(name));
  const { security, description } = customer ? customerAccess(call) : access(call);
  return {
    operationId: method === call.methods[0] ? call.id : `${call.id}.${method.toLowerCase()}`,
    summary: call.summary,
    description,
    tags: [call.tag],
    security,
    ...(method === 'POST'
      ? { parameters, requestBody: { content: { 'application/json': { schema: input } } } }
      : { parameters: [...parameters, ...rest.map((name) => ({ name, in: 'query', schema: properties[name] }))] }),
    responses: responses(call, answerCodes(call, method, Object.keys(properties).length > 0, customer)),
  };
}

const staffAreas = [...new Set(allCalls.filter((c) => c.auth.staffLevel !== undefined).map((c) => c.tag))];
/**
 * Integration scopes the calls need. OpenAPI 3.0 lets only OAuth2 and OpenID Connect schemes name
 * scopes in a requirement, and an integration token is neither, so each scope is a bearer scheme of its
 * own (as each staff area is): a client generator sees which token a call takes (decision 077).
 */
const integrationScopes = [
  ...new Set(allCalls.flatMap((c) => (c.auth.access === 'integration' && c.auth.scope ? [c.auth.scope] : []))),
];
const integrationToken = (scope: string) => ({
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'pit_ integration token',
  description:
    `An integration token holding the ${scope} scope, or all: an opaque secret (pit_ and 43 base64url ` +
    'characters) that level-3 staff create (POST /api/integration/tokens or npm run integration-token) and ' +
    "the portal keeps only as SHA-256. It is for the provider's systems and works only on " +
    "/api/integration/v1/...; a user's token never works there, nor an integration token anywhere else. " +
    'A missing, unknown or revoked token answers 401 UNAUTHORIZED, a token without the scope 403 FORBIDDEN.',
});
const userToken = (text: string) => ({
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
  description: `${text} A JWS (HS256) signed by the portal, verified with a fixed algorithm and an expiry as RFC8725 advises; a password change or sign-out-everywhere revokes it.`,
});

const tagDescriptions: Record<string, string> = {
  integration:
    "The provider integration API. Level-3 staff manage integration tokens; the provider's systems call " +
    '/api/integration/v1/... with one: idempotent batch upserts by their own keys (each item answered ' +
    'created, updated, unchanged or invalid) and the feed of customer actions. Worked example: docs/integration.md.',
};

/**
 * The OpenAPI document, generated from the contract so it cannot drift from the routes; built once per
 * process. A process without the local outbox (production, or SMTP set) leaves its development call out.
 */
export const openApiDocument = ({ outbox = true }: { outbox?: boolean } = {}) =>
  (built[String(outbox)] ??= buildDocument(outbox));
const built: Record<string, ReturnType<typeof buildDocument>> = {};

const pathsOf = (calls: Call[], customer: boolean) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const path = `/api${call.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    for (const method of call.methods) (paths[path] ??= {})[method.toLowerCase()] = operation(call, method, customer);
  }
  return paths;
};

/** The calls a customer API token may make: the user calls whose contract names a token scope. */
export const customerCalls = allCalls.filter(
  (call) => call.auth.access === 'user' && call.auth.staffLevel === undefined && call.auth.scope !== undefined,
);

/**
 * The customer API document (/api/customer/openapi.json, decision 129): only the calls a `pct_` token
 * may make, each scope a bearer scheme of its own (as the integration scopes are), and the guide.
 */
export const customerApiDocument = () => (builtCustomer ??= buildCustomerDocument());
let builtCustomer: ReturnType<typeof buildCustomerDocument> | undefined;

function buildCustomerDocument() {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Customer Portal API for customers',
      version: '1.0.0',
      description: [
        'Automate against the portal with an API token: an account administrator creates one under Users, API tokens',
        '(a name, the accounts, the scopes, an expiry of at most a year) and copies its secret (pct_...), shown once.',
        'Send it as Authorization: Bearer pct_... to the calls below; a token has the access of a plain user of its',
        'accounts. Every answer is the envelope { data, code, message }; the HTTP status agrees with the code.',
        'Lists are paged: page (from 1; some lists also take perPage); the answer carries current_page, last_page, per_page and total.',
        'A token without the scope a call needs answers 403 FORBIDDEN naming the scope; an unknown or revoked token',
        "401 INVALID_TOKEN, an expired one 401 EXPIRED_TOKEN; another company's ids 404 NOT_FOUND.",
        'Each token may make a number of calls a minute (RateLimit-* headers); beyond, 429 with Retry-After.',
      ].join(' '),
    },
    servers: [
      {
        url: '/',
        description: 'The portal serving this document (production, staging or local).',
        'x-internal': false,
      },
    ],
    tags: [...new Set(customerCalls.map((call) => call.tag))].map((name) => ({ name })),
    components: {
      headers,
      securitySchemes: Object.fromEntries(
        apiTokens.scopes.map((scope) => [
          customerScheme(scope),
          {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'pct_ customer API token',
            description:
              `A customer API token holding the ${scope} scope: an opaque secret (pct_ and 43 base64url characters) ` +
              'an account administrator creates in the portal, kept by the portal only as SHA-256; revoking it ' +
              'refuses it at once.',
          },
        ]),
      ),
    },
    paths: pathsOf(customerCalls, true),
  };
}

function buildDocument(outbox: boolean) {
  const calls = allCalls.filter((call) => outbox || call.id !== outboxCalls.getOutbox.id);
  const paths = pathsOf(calls, false);
  return {
    openapi: '3.0.3',
    info: {
      title: 'Customer Portal API',
      version: '1.0.0',
      description: [
        'Every answer is the envelope { data, code, message }; the HTTP status agrees with the code.',
        'Each client address may make a number of requests a minute (RateLimit-* headers on every answer).',
        `Answers the contract sets no limit for are documented with ceilings (${outputCeilings.textLength} characters, ${outputCeilings.items} items).`,
      ].join(' '),
    },
    servers: [
      {
        url: '/',
        description: 'The portal serving this document (production, staging or local).',
        'x-internal': false,
      },
    ],
    tags: [...new Set(calls.map((call) => call.tag))].map((name) => ({
      name,
      ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}),
    })),
    components: {
      headers,
      securitySchemes: {
        bearer: userToken("The signed-in user's token from auth/get-token."),
        ...Object.fromEntries(
          staffAreas.map((area) => [
            `staff_${area}`,
            userToken(
              `The token of a provider staff user, for the ${area} staff calls (each names the level it needs).`,
            ),
          ]),
        ),
        ...Object.fromEntries(integrationScopes.map((scope) => [`integration_${scope}`, integrationToken(scope)])),
      },
    },
    paths,
  };
}
