import { z } from 'zod';

import { allCalls, resultStatus, type Call } from '@portal/contract';

const envelope = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['data', 'code', 'message'],
  properties: { data, code: { type: 'string' }, message: { type: 'string' } },
});

const schema = (type: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;

function operation(call: Call, method: string) {
  const input = schema(call.input, 'input');
  const pathParams = [...call.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
  const properties = (input.properties ?? {}) as Record<string, unknown>;
  const parameters = pathParams.map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? {} }));
  const responses: Record<string, unknown> = {};
  for (const code of call.codes) {
    const status = String(resultStatus[code]);
    const entry = (responses[status] ??= { description: '', content: {} }) as {
      description: string;
      content: Record<string, unknown>;
    };
    entry.description = entry.description ? `${entry.description}, ${code}` : code;
    if (status === '200' && call.binary)
      entry.content = { [call.binary]: { schema: { type: 'string', format: 'binary' } } };
    else
      entry.content['application/json'] = {
        schema: envelope(status === '200' && call.data ? schema(call.data, 'output') : {}),
      };
  }
  return {
    operationId: method === call.methods[0] ? call.id : `${call.id}.${method.toLowerCase()}`,
    summary: call.summary,
    tags: [call.tag],
    security: call.auth.access === 'user' ? [{ bearer: [] }] : [],
    parameters,
    ...(method === 'GET'
      ? {
          parameters: [
            ...parameters,
            ...Object.keys(properties)
              .filter((p) => !pathParams.includes(p))
              .map((name) => ({ name, in: 'query', schema: properties[name] })),
          ],
        }
      : { requestBody: { content: { 'application/json': { schema: input } } } }),
    responses,
  };
}

/** The OpenAPI document, generated from the contract so it cannot drift from the routes. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of allCalls) {
    const path = `/api${call.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    for (const method of call.methods) (paths[path] ??= {})[method.toLowerCase()] = operation(call, method);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Customer Portal API',
      version: '1.0.0',
      description: 'Every answer is the envelope { data, code, message }; the HTTP status agrees with the code.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
