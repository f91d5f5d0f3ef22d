import { z } from 'zod';

import { defineCall } from './call.ts';
import { paged, pageParam } from './envelope.ts';
import { optionalId, searchText } from './fields.ts';
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
  auth: { access: 'user' },
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
  auth: { access: 'user' },
});
