import { createGunzip } from 'node:zlib';

import type { FastifyInstance } from 'fastify';

import { metrics as contract } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../plugins/route.ts';
import { authenticateIntegration, requireScope } from '../token-auth/token-auth.service.ts';
import { createLiveHub } from './live.ts';
import { liveRoutes } from './live.routes.ts';
import { ingestJson, ingestOtlp, ingestRemoteWrite, startUpkeep } from './metrics.service.ts';

const ingestCalls = new Set([contract.ingestPoints.id, contract.prometheusWrite.id, contract.otlpMetrics.id]);
const operationOf = (config: unknown) => (config as { operationId?: string } | undefined)?.operationId ?? '';

/**
 * Usage data (issue 12): the data-freshness call of the product pages, and the provider's ingestion
 * calls (scope metrics) in JSON, Prometheus remote write and OTLP/HTTP, authenticated with an
 * integration token (token-auth), before their body is read.
 */
export async function metricsRoutes(app: FastifyInstance, deps: Deps) {
  startUpkeep(app, deps);

  // Live updates (issue 13): one hub per process; what this process ingests reaches every process's clients.
  const hub = await createLiveHub(deps.db, app.log);
  app.addHook('onClose', () => hub.close());
  liveRoutes(app, deps, hub);
  const writer = { ...deps, live: hub.sink };

  await app.register(async (v1) => {
    v1.addHook('onRoute', (options) => {
      if (ingestCalls.has(operationOf(options.config))) options.bodyLimit = deps.env.METRICS_BODY_LIMIT_BYTES;
    });
    v1.addContentTypeParser('application/x-protobuf', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    // The token and its scope are checked before the body is read: without them nothing is decoded.
    // A gzip body (OTLP exporters send one) is inflated as it is read; the body limit counts what comes out.
    v1.addHook('preParsing', async (request, _reply, payload) => {
      if (!ingestCalls.has(operationOf(request.routeOptions.config))) return payload;
      requireScope(await authenticateIntegration(deps, request.headers.authorization), 'metrics');
      const encoding = String(request.headers['content-encoding'] ?? 'identity').toLowerCase();
      if (encoding === 'identity' || (encoding === 'snappy' && request.url.includes('/prometheus/'))) return payload;
      if (encoding !== 'gzip')
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Content-Encoding ${encoding} is not accepted here.`);
      const inflated = createGunzip() as ReturnType<typeof createGunzip> & { receivedEncodedLength: number };
      inflated.receivedEncodedLength = 0;
      payload.on('data', (chunk: Buffer) => {
        inflated.receivedEncodedLength += chunk.length;
      });
      payload.on('error', (error) => inflated.destroy(error));
      return payload.pipe(inflated);
    });

    route(v1, deps, contract.ingestPoints, ({ input }) => ingestJson(writer, input.points));

    // Their bodies are the payload as sent (contract `rawBody`): protobuf arrives as a Buffer.
    route(v1, deps, contract.prometheusWrite, async ({ request }) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Remote write sends application/x-protobuf.');
      return ingestRemoteWrite(writer, request.body);
    });
    // A protobuf request is answered in protobuf (the handler sends it), a JSON one in the envelope.
    route(v1, deps, contract.otlpMetrics, async ({ request, reply }) => {
      const result = await ingestOtlp(writer, request.body);
      if (result.protobuf) return reply.type('application/x-protobuf').send(Buffer.from(result.protobuf));
      return result.data;
    });
  });
}
