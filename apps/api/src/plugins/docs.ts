import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

import type { Deps } from '../deps.ts';
import { outboxExists } from '../modules/outbox/outbox-access.ts';
import { customerApiDocument, openApiDocument } from './openapi.ts';

export async function registerDocs(app: FastifyInstance, deps: Pick<Deps, 'env' | 'mailer'>) {
  const document = openApiDocument({ outbox: outboxExists(deps) });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => document);
  // The customer API (decision 129): the calls a pct_ token may make.
  app.get('/api/customer/openapi.json', { schema: { hide: true } }, async () => customerApiDocument());
}
