import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

import { tickets } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { ticketsService } from './tickets.service.ts';

export async function ticketsRoutes(app: FastifyInstance, deps: Deps) {
  const service = ticketsService(deps);
  route(app, deps, tickets.getTickets, ({ input, caller }) => service.list(caller, input));
  route(app, deps, tickets.getTicketsRequestingResponse, ({ caller }) => service.requestingResponse(caller));
  route(app, deps, tickets.getTicket, ({ input, caller }) => service.get(caller, input.ticketId));
  route(app, deps, tickets.replyToTicket, ({ input, caller }) => service.reply(caller, input));
  route(app, deps, tickets.createTicket, ({ input, caller }) => service.create(caller, input));
  route(app, deps, tickets.getTicketContact, ({ caller }) => service.contactDefaults(caller));
  route(app, deps, tickets.downloadAttachment, ({ input, caller, reply }) =>
    service.sendAttachment(caller, input.attachmentId, reply),
  );

  // Multipart is accepted by the upload call alone: its own scope, one file, size-limited while streaming.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: tickets.attachmentLimits.maxBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    });
    route(uploads, deps, tickets.uploadAttachment, ({ caller, request }) => service.upload(caller, request));
  });
}
