import type { FastifyInstance, FastifyRequest } from 'fastify';

import { integration, snmp, type Call, type CollectionName, type IntegrationScope } from '@portal/contract';
import pLimit from 'p-limit';

import type { Deps } from '../../deps.ts';
import type { Release } from '../../lib/in-flight.ts';
import { route } from '../../plugins/route.ts';
import { assertBatchAllowed, listBatches, recordRefusal, runBatch, takeBatchPlace } from './batch.service.ts';
import { saveSnmpDevice } from './connector-items.service.ts';
import { readEvents } from '../events/events.service.ts';
import { loadedUserInvitations } from './invitations.service.ts';
import { requireScope, unauthorized, type IntegrationCaller } from '../token-auth/token-auth.service.ts';
import { createTokensService } from './tokens.service.ts';
import { startWebhookDelivery } from './webhooks.service.ts';

/** Largest batch body: 1,000 items, invoices possibly carrying their PDF. */
const batchBodyLimit = 64 * 1024 * 1024;

/**
 * Staff calls that manage integration tokens (level 3, checked by `route`), and the provider's
 * /integration/v1 calls, which authenticate with an integration token here and nowhere else.
 */
export async function integrationRoutes(app: FastifyInstance, deps: Deps) {
  const tokens = createTokensService(deps);
  route(app, deps, integration.createToken, ({ caller, input }) => tokens.create(caller, input));
  route(app, deps, integration.listTokens, () => tokens.list());
  route(app, deps, integration.revokeToken, ({ input }) => tokens.revoke(input.id));
  route(app, deps, integration.enableWebhook, ({ input }) => tokens.enableWebhook(input.id));
  route(app, deps, integration.listBatches, () => listBatches(deps));
  const invitations = loadedUserInvitations(deps);
  route(app, deps, integration.inviteLoadedUsers, ({ caller }) => invitations.request(caller.userId));
  route(app, deps, integration.latestInvitationRun, () => invitations.latest());
  // The staff save of an SNMP device is an item of the snmp-devices collection (its checks and answers),
  // so it is registered here, above the connectors module, which the collections use.
  route(app, deps, snmp.saveDevice, async ({ input }) => ({ status: await saveSnmpDevice(deps, input) }));

  // Webhook delivery runs in every API process (leases keep two from sending one event); tests run it themselves.
  if (deps.env.NODE_ENV !== 'test') {
    const delivery = startWebhookDelivery(deps, { intervalMs: 5000 });
    app.addHook('onClose', () => delivery.stop());
  }

  // Batch bodies may be larger than any user call's: their own scope raises the limit for them only.
  await app.register(async (v1) => {
    const v1Calls = new Map<string, Call>(
      [integration.getEvents, ...Object.values(integration.batches)].map((call) => [call.id, call]),
    );
    const collectionOf = new Map(
      Object.entries(integration.batches).map(([name, call]) => [call.id, name as CollectionName]),
    );
    const callers = new WeakMap<FastifyRequest, IntegrationCaller>();
    // A batch's place among its token's batches in flight, whether its handler has taken it over, and when
    // it arrived.
    const places = new WeakMap<
      FastifyRequest,
      { release: Release; handled: boolean; collection: CollectionName; startedMs: number }
    >();
    const freePlace = async (request: FastifyRequest) => {
      const place = places.get(request);
      if (place && !place.handled) await place.release();
    };
    // Batches of every token share a few of this process's database connections (decision 114).
    const connections = pLimit(deps.env.INTEGRATION_BATCH_CONNECTIONS);
    v1.addHook('onRoute', (options) => {
      if (options.url.includes('/integration/v1/') && options.url.endsWith('/batch'))
        options.bodyLimit = batchBodyLimit;
    });
    // Token, scope, the batch rate limit and the token's batches in flight are checked before the body is
    // read: a caller without a live token learns nothing about its input (no VALIDATION_ERROR) and cannot
    // make the server read a 64 MB body. preParsing runs after route's onRequest hook, so the answer keeps
    // its headers.
    v1.addHook('preParsing', async (request) => {
      const call = v1Calls.get((request.routeOptions.config as { operationId?: string }).operationId ?? '');
      if (!call) return;
      const caller = await tokens.authenticate(request.headers.authorization);
      requireScope(caller, call.auth.scope as IntegrationScope);
      if (call !== integration.getEvents) {
        await assertBatchAllowed(deps, caller.tokenId);
        const startedMs = deps.clock.now();
        const release = await takeBatchPlace(deps, caller.limitKey);
        places.set(request, { release, handled: false, collection: collectionOf.get(call.id)!, startedMs });
      }
      callers.set(request, caller);
    });
    // A batch refused after its place was taken (a bad body, a failed validation) gives it back with its
    // answer; one that was handled gives it back when its work is done, even if its caller hung up first.
    // A batch of a live token refused as a whole (its body is not a batch, holds too many items or is too
    // large) is recorded like the others; one whose handler ran was recorded by runBatch.
    v1.addHook('onError', async (request, _reply, error) => {
      const place = places.get(request);
      const caller = callers.get(request);
      if (!place || place.handled || !caller) return;
      await recordRefusal(deps, {
        tokenId: caller.tokenId,
        collection: place.collection,
        startedMs: place.startedMs,
        error,
      });
    });
    v1.addHook('onResponse', freePlace);
    v1.addHook('onRequestAbort', freePlace);
    const callerOf = (request: FastifyRequest) => {
      const caller = callers.get(request);
      if (!caller) throw unauthorized();
      return caller;
    };

    route(v1, deps, integration.getEvents, async ({ input, request }) => {
      callerOf(request);
      return readEvents(deps, input.after, input.limit);
    });
    for (const [name, call] of Object.entries(integration.batches)) {
      route(v1, deps, call, async ({ input, request }) => {
        const place = places.get(request);
        if (place) place.handled = true;
        try {
          return await runBatch(deps, name as CollectionName, input.items, callerOf(request).tokenId, connections);
        } finally {
          await place?.release();
        }
      });
    }
  });
}
