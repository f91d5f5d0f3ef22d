import { z } from 'zod';

import { defineCall } from './call.ts';
import { paged, pageParam } from './envelope.ts';
import { email, id, optionalId, optionalText, requiredText, searchText } from './fields.ts';
import { pageSizes } from './limits.ts';
import { validationMessages as m } from './messages.ts';

export const ticketSortColumns = [
  'ticket_number',
  'subject',
  'created',
  'uss_circuit_id',
  'customer_ref',
  'status',
  'last_update_posted',
] as const;

export const ticket = z.object({
  ticket_id: z.number().int(),
  ticket_number: z.string(),
  account_id: z.number().int(),
  subject: z.string(),
  status: z.string(),
  request_customer_response: z.boolean(),
  created: z.number().int(),
  last_update_posted: z.number().int(),
  base_order: z
    .object({
      base_order_id: z.number().int(),
      order_number: z.string(),
      uss_circuit_id: z.string().nullable(),
      customer_ref: z.string().nullable(),
    })
    .nullable(),
});
export type Ticket = z.infer<typeof ticket>;

/**
 * One call for the dashboard form (perPage, sort_column, sort_order) and the list form (page,
 * accountId, search_ticket_id): both answer a page of the caller's tickets.
 */
export const getTickets = defineCall({
  id: 'tickets.getTickets',
  summary: "A page of the caller's tickets, optionally of one account or matching a ticket number.",
  tag: 'tickets',
  methods: ['POST'],
  path: '/tickets/get-tickets',
  input: z.object({
    page: pageParam,
    perPage: z.coerce
      .number({ error: m.integer })
      .int(m.integer)
      .min(1, m.min(1))
      .max(100, m.max(100))
      .default(pageSizes.tickets),
    sort_column: z.enum(ticketSortColumns, { error: m.type }).default('last_update_posted'),
    sort_order: z.enum(['asc', 'desc'], { error: m.type }).default('desc'),
    accountId: optionalId,
    search_ticket_id: searchText,
  }),
  data: paged(ticket),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'tickets:read' },
});

export const getTicketsRequestingResponse = defineCall({
  id: 'tickets.getTicketsRequestingResponse',
  summary: 'Tickets on which the provider awaits a response from the customer.',
  tag: 'tickets',
  methods: ['POST'],
  path: '/tickets/get-tickets-requesting-response',
  input: z.object({}),
  data: z.array(ticket),
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'tickets:read' },
});

/* ------------------------------------------------------------------------------------------------
 * Ticket detail, conversation, replies, attachments and new tickets. The spec does not show these
 * pages; they follow what a helpdesk portal does (see the issue "Services, tickets, ...").
 * ---------------------------------------------------------------------------------------------- */

/** How badly the customer is affected (the helpdesk's impact scale), with what each means on a new ticket. */
export const ticketImpacts = ['Critical', 'High', 'Medium', 'Low'] as const;
export type TicketImpact = (typeof ticketImpacts)[number];
export const ticketImpactLabels: Record<TicketImpact, string> = {
  Critical: 'Critical: service down',
  High: 'High: service degraded',
  Medium: 'Medium: partial or intermittent problem',
  Low: 'Low: question or request',
};

/** Status a ticket gets when the customer replies, and the statuses that take no more replies. */
export const ticketStatusAfterReply = 'In Progress';
/** Statuses that wait on the customer: a reply moves them to ticketStatusAfterReply. */
export const awaitingCustomerStatuses = ['Pending Customer', 'Deferred to Client'] as const;
export const ticketStatusNew = 'Open';
export const closedTicketStatuses = ['Closed', 'Canceled'] as const;

/** Attachments: what may be uploaded, how big, how many per message. */
export const attachmentLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPerMessage: 5,
  extensions: ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'txt', 'csv', 'log', 'zip', 'docx', 'xlsx'],
} as const;

export const attachmentMessages = {
  tooLarge: (name: string) => `"${name}" is larger than 10 MB; attachments can be at most 10 MB each.`,
  type: (name: string) =>
    `"${name}" cannot be attached. Allowed types are PDF, PNG, JPG, GIF, TXT, CSV, LOG, ZIP, DOCX and XLSX.`,
  content: (name: string) => `"${name}" does not look like the type its name says; it was not attached.`,
  empty: (name: string) => `"${name}" is empty.`,
  missing: 'Choose a file to attach.',
  tooMany: `A message can have at most ${attachmentLimits.maxPerMessage} attachments.`,
  unknown: 'An attachment is no longer available. Please attach the file again.',
  tooManyPending: 'Too many files are waiting to be sent. Send or remove them, or try again tomorrow.',
  closed: 'This ticket is closed and takes no more replies. Please open a new ticket.',
} as const;

export const attachment = z.object({
  attachment_id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
});
export type Attachment = z.infer<typeof attachment>;

export const ticketMessage = z.object({
  message_id: z.number().int(),
  author_type: z.enum(['customer', 'provider']),
  author_nm: z.string(),
  body: z.string(),
  created: z.number().int(),
  attachments: z.array(attachment),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const ticketDetail = ticket.extend({
  impact: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  account: z.object({ account_id: z.number().int(), account_number: z.string(), name: z.string() }),
  base_order: z
    .object({
      base_order_id: z.number().int(),
      order_number: z.string(),
      uss_circuit_id: z.string().nullable(),
      customer_ref: z.string().nullable(),
      alias: z.string().nullable(),
      product: z.string(),
      product_controller: z.string(),
    })
    .nullable(),
  /** The whole conversation, oldest first. */
  messages: z.array(ticketMessage),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

export const getTicket = defineCall({
  id: 'tickets.getTicket',
  summary: "One of the caller's tickets with its whole conversation, oldest first.",
  tag: 'tickets',
  methods: ['POST'],
  path: '/tickets/get-ticket',
  input: z.object({ ticketId: id }),
  data: ticketDetail,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'tickets:read' },
});

/** Ids of attachments uploaded with upload-attachment, to go with a new ticket or a reply. */
const attachmentIds = z
  .array(id, { error: m.type })
  .max(attachmentLimits.maxPerMessage, attachmentMessages.tooMany)
  .default([])
  .transform((ids) => [...new Set(ids)]);

export const messageBodyMaxLength = 10000;

export const replyToTicket = defineCall({
  id: 'tickets.replyToTicket',
  summary: 'Adds the caller\'s reply (text and attachments) to a ticket; clears "Response Requested".',
  tag: 'tickets',
  methods: ['POST'],
  path: '/tickets/reply-to-ticket',
  input: z.object({ ticketId: id, body: requiredText(messageBodyMaxLength), attachment_ids: attachmentIds }),
  data: ticketMessage,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'CONFLICT', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'tickets:write' },
});

export const newTicketInput = z.object({
  base_order_id: id,
  subject: requiredText(150),
  description: requiredText(messageBodyMaxLength),
  impact: z.enum(ticketImpacts, { error: m.required }),
  contact_name: requiredText(120),
  contact_email: email,
  contact_phone: optionalText(40).refine((v) => !v || /^[0-9+().\-\s xX]{5,40}$/.test(v), m.type),
  attachment_ids: attachmentIds,
});
export type NewTicketInput = z.input<typeof newTicketInput>;

export const createTicket = defineCall({
  id: 'tickets.createTicket',
  summary: "Opens a ticket on one of the caller's services; the provider's support inbox is told by mail.",
  tag: 'tickets',
  methods: ['POST'],
  path: '/tickets/create-ticket',
  input: newTicketInput,
  data: z.object({ ticket_id: z.number().int(), ticket_number: z.string() }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'tickets:write' },
});

export const getTicketContact = defineCall({
  id: 'tickets.getTicketContact',
  summary: "Contact details to prefill a new ticket: the caller's name and email, and the phone of their last ticket.",
  tag: 'tickets',
  methods: ['POST'],
  path: '/tickets/get-ticket-contact',
  input: z.object({}),
  data: z.object({ contact_name: z.string(), contact_email: z.string(), contact_phone: z.string() }),
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

/**
 * Uploads one file (multipart/form-data, field "file") for a reply or a new ticket that follows.
 * Size- and type-limited; kept outside the web root; usable only by its uploader until attached.
 */
export const uploadAttachment = defineCall({
  id: 'tickets.uploadAttachment',
  summary: 'Uploads one attachment (multipart field "file") for a reply or new ticket.',
  tag: 'tickets',
  methods: ['POST'],
  path: '/tickets/upload-attachment',
  input: z.object({}),
  data: attachment,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  // A token's upload is its own, for its tickets and replies (decision 132).
  auth: { access: 'user', scope: 'tickets:write' },
});

export const downloadAttachment = defineCall({
  id: 'tickets.downloadAttachment',
  summary: 'An attachment of a ticket the caller may see, as a download.',
  tag: 'tickets',
  methods: ['POST'],
  path: '/tickets/download-attachment',
  input: z.object({ attachmentId: id }),
  data: null,
  binary: 'application/octet-stream',
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'tickets:read' },
});
