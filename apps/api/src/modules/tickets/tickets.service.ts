import { messages, tickets, type CallParsed, type TicketDetail, type TicketMessage } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Deps } from '../../deps.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { limitOffset, pageOrLast } from '../../lib/paging.ts';
import { requireAccount, type Caller } from '../../lib/scope.ts';
import { attachment } from '../../lib/attachment.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { recordEvent } from '../events/events.service.ts';
import { findOrder } from '../orders/orders.service.ts';
import { attachmentStore, cleanFileName, multipartFailure } from './attachment-files.ts';
import { newTicketMail, replyMail } from './tickets.mail.ts';
import {
  claimAttachments,
  countUnattached,
  deleteUnattached,
  findAttachment,
  findContactDefaults,
  findMessage,
  findMessages,
  findTicketHeader,
  findTickets,
  findTicketsRequestingResponse,
  findUserName,
  insertAttachment,
  insertMessage,
  insertTicket,
  markCustomerReplied,
} from './tickets.repository.ts';

const { attachmentLimits, attachmentMessages } = tickets;

/** Uploads left unattached this long are removed; one user may park at most this many meanwhile. */
const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_UNATTACHED_PER_USER = 30;

type Input<K extends 'getTickets' | 'replyToTicket' | 'createTicket'> = CallParsed<(typeof tickets)[K]>;

export function ticketsService(deps: Deps) {
  const { db, clock, mailer, env } = deps;
  const store = attachmentStore(env, db);
  const now = () => new Date(clock.now());

  /** Mail to the provider is best effort here: the ticket or reply is already saved (and the outbox records a failure). */
  async function notifySupport(message: Parameters<typeof mailer.send>[0]) {
    try {
      await mailer.send(message);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'MAIL_FAILED')) throw error;
    }
  }

  async function authorName(caller: Caller) {
    if (caller.apiToken) return 'API token';
    return (await findUserName(db, caller.userId))?.name ?? 'Customer';
  }

  /** Who wrote it: the user, or nobody (null) when a customer API token did (decision 129). */
  const authorId = (caller: Caller) => (caller.apiToken ? null : caller.userId);

  /** Attaches the caller's uploads to a message, or fails the whole transaction with a clear message. */
  async function attach(tx: typeof db, caller: Caller, ids: readonly number[], ticketId: number, messageId: number) {
    if (ids.length === 0) return;
    const taken = await claimAttachments(tx, caller.userId, ids, ticketId, messageId);
    if (taken !== ids.length) throw invalid({ attachment_ids: [attachmentMessages.unknown] });
  }

  return {
    requestingResponse: (caller: Caller) => findTicketsRequestingResponse(db, caller.userId),
    async list(caller: Caller, input: Input<'getTickets'>) {
      if (input.accountId) await requireAccount(db, caller, input.accountId);
      return pageOrLast(input.page, input.perPage, (page) =>
        findTickets(db, {
          userId: caller.userId,
          accountId: input.accountId,
          search: input.search_ticket_id,
          sortColumn: input.sort_column,
          sortOrder: input.sort_order,
          ...limitOffset(page, input.perPage),
        }),
      );
    },

    async get(caller: Caller, ticketId: number): Promise<TicketDetail> {
      const header = await findTicketHeader(db, caller.userId, ticketId);
      if (!header) throw notFound();
      return { ...header, messages: await findMessages(db, ticketId) };
    },

    async reply(caller: Caller, input: Input<'replyToTicket'>): Promise<TicketMessage> {
      const header = await findTicketHeader(db, caller.userId, input.ticketId);
      if (!header) throw notFound();
      const author = await authorName(caller);
      const at = now();
      const messageId = await db.tx(async (tx) => {
        const updated = await markCustomerReplied(tx, input.ticketId, at, {
          afterReply: tickets.ticketStatusAfterReply,
          awaiting: tickets.awaitingCustomerStatuses,
          closed: tickets.closedTicketStatuses,
        });
        if (!updated) throw new AppError('CONFLICT', attachmentMessages.closed);
        const { message_id } = await insertMessage(tx, {
          ticketId: input.ticketId,
          userId: authorId(caller),
          authorName: author,
          body: input.body,
          at,
        });
        await attach(tx, caller, input.attachment_ids, input.ticketId, message_id);
        await recordEvent(tx, {
          type: 'ticket.replied',
          nowMs: at.getTime(),
          accountId: header.account_id,
          userId: authorId(caller),
          data: { ticket_number: header.ticket_number, body: input.body },
        });
        await recordAudit(tx, {
          kind: 'ticket.updated',
          nowMs: at.getTime(),
          caller,
          accountIds: [header.account_id],
          subject: `Ticket ${header.ticket_number}`,
          detail: 'Replied',
        });
        return message_id;
      });
      const message = (await findMessage(db, messageId)) as TicketMessage;
      await notifySupport(replyMail((await deps.provider.current()).mail.supportInbox, header, author, message));
      return message;
    },

    async create(caller: Caller, input: Input<'createTicket'>) {
      const order = await findOrder(db, caller.userId, input.base_order_id);
      if (!order) throw notFound(messages.noOrder);
      const author = await authorName(caller);
      const at = now();
      const created = await db.tx(async (tx) => {
        const ticket = await insertTicket(tx, {
          accountId: order.account_id,
          baseOrderId: order.base_order_id,
          userId: authorId(caller),
          subject: input.subject,
          status: tickets.ticketStatusNew,
          impact: input.impact,
          contactName: input.contact_name,
          contactEmail: input.contact_email,
          contactPhone: input.contact_phone || null,
          at,
        });
        const { message_id } = await insertMessage(tx, {
          ticketId: ticket.ticket_id,
          userId: authorId(caller),
          authorName: author,
          body: input.description,
          at,
        });
        await attach(tx, caller, input.attachment_ids, ticket.ticket_id, message_id);
        await recordEvent(tx, {
          type: 'ticket.created',
          nowMs: at.getTime(),
          orderId: order.base_order_id,
          userId: authorId(caller),
          data: {
            ticket_number: ticket.ticket_number,
            subject: input.subject,
            impact: input.impact,
            description: input.description,
          },
        });
        await recordAudit(tx, {
          kind: 'ticket.created',
          nowMs: at.getTime(),
          caller,
          accountIds: [order.account_id],
          subject: `Ticket ${ticket.ticket_number}`,
          detail: input.subject,
        });
        return { ...ticket, message_id };
      });
      const message = (await findMessage(db, created.message_id)) as TicketMessage;
      await notifySupport(
        newTicketMail((await deps.provider.current()).mail.supportInbox, { ...created, input, order, message }),
      );
      return { ticket_id: created.ticket_id, ticket_number: created.ticket_number };
    },

    contactDefaults: async (caller: Caller) =>
      (await findContactDefaults(db, caller.userId)) ?? { contact_name: '', contact_email: '', contact_phone: '' },

    /** Takes one multipart file: checked, stored under a random name, recorded as the caller's pending upload. */
    async upload(caller: Caller, request: FastifyRequest) {
      const at = now();
      const stale = await deleteUnattached(db, new Date(at.getTime() - UNATTACHED_TTL_MS));
      if (stale.length) await store.remove(stale);
      if (
        (await countUnattached(db, caller.userId, new Date(at.getTime() - UNATTACHED_TTL_MS))) >=
        MAX_UNATTACHED_PER_USER
      ) {
        throw invalid({ file: [tickets.attachmentMessages.tooManyPending] });
      }
      const part = await request
        .file({ limits: { fileSize: attachmentLimits.maxBytes, files: 1, fields: 5 } })
        .catch((error: unknown) => Promise.reject(multipartFailure(error)));
      if (!part) throw invalid({ file: [attachmentMessages.missing] });
      const fileName = cleanFileName(part.filename);
      const saved = await store.save(fileName, part.file, () => part.file.truncated);
      return insertAttachment(db, {
        userId: caller.userId,
        fileName,
        contentType: saved.contentType,
        sizeBytes: saved.sizeBytes,
        storageName: saved.storageName,
        sha256: saved.sha256,
        at,
      });
    },

    /** Sends an attachment of a ticket the caller may see; NOT_FOUND for anything else. */
    async sendAttachment(caller: Caller, attachmentId: number, reply: FastifyReply) {
      const file = await findAttachment(db, caller.userId, attachmentId);
      const stream = file ? await store.open(file.storage_name) : null;
      if (!file || !stream) throw notFound();
      return reply
        .header('content-type', file.content_type)
        .header('content-length', file.size_bytes)
        .header('content-disposition', attachment(file.file_name))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  };
}
