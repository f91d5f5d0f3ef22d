import { tickets, type CallParsed, type OrderDetail, type TicketDetail, type TicketMessage } from '@portal/contract';

import type { Message } from '../../lib/mail.ts';

/** Messages to the provider's support inbox about tickets opened and answered in the portal. */

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

const attachmentLines = (message: TicketMessage) =>
  message.attachments.length
    ? [
        '',
        'Attachments (download them in the portal):',
        ...message.attachments.map((a) => `- ${a.file_name} (${kb(a.size_bytes)})`),
      ]
    : [];

const serviceLine = (o: Pick<OrderDetail, 'product' | 'order_number' | 'uss_circuit_id' | 'customer_ref' | 'alias'>) =>
  [
    `${o.product}, order ${o.order_number}`,
    o.uss_circuit_id ? `circuit ${o.uss_circuit_id}` : null,
    o.customer_ref ? `customer reference ${o.customer_ref}` : null,
    o.alias ? `alias "${o.alias}"` : null,
  ]
    .filter(Boolean)
    .join(', ');

export function newTicketMail(
  supportInbox: string,
  t: {
    ticket_number: string;
    input: CallParsed<typeof tickets.createTicket>;
    order: Omit<OrderDetail, 'all_customer_order_components'>;
    message: TicketMessage;
  },
): Message {
  const { input, order } = t;
  const impact = tickets.ticketImpactLabels[input.impact];
  return {
    to: supportInbox,
    replyTo: input.contact_email,
    kind: 'ticket',
    subject: `New ticket ${t.ticket_number}: ${input.subject} [${input.impact}]`,
    text: [
      'A customer opened a ticket in the portal.',
      '',
      `Ticket: ${t.ticket_number}`,
      `Subject: ${input.subject}`,
      `Impact: ${impact}`,
      `Account: ${order.account.account_number} ${order.account.name}`,
      `Service: ${serviceLine(order)}`,
      `Contact: ${input.contact_name} <${input.contact_email}>${input.contact_phone ? `, ${input.contact_phone}` : ''}`,
      '',
      'Description:',
      input.description,
      ...attachmentLines(t.message),
    ].join('\n'),
  };
}

export function replyMail(
  supportInbox: string,
  ticket: Omit<TicketDetail, 'messages'>,
  author: string,
  message: TicketMessage,
): Message {
  return {
    to: supportInbox,
    ...(ticket.contact_email ? { replyTo: ticket.contact_email } : {}),
    kind: 'ticket',
    subject: `Customer reply on ${ticket.ticket_number}: ${ticket.subject}`,
    text: [
      `${author} replied on ticket ${ticket.ticket_number} in the portal.`,
      ticket.request_customer_response ? 'This answers your request for a response.' : null,
      '',
      `Account: ${ticket.account.account_number} ${ticket.account.name}`,
      ticket.base_order ? `Service: ${serviceLine(ticket.base_order)}` : null,
      '',
      message.body,
      ...attachmentLines(message),
    ]
      .filter((line) => line !== null)
      .join('\n'),
  };
}
