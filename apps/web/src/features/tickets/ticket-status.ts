import type { Ticket } from '@portal/contract';

/** Added to the status of a ticket that awaits the customer's response (spec services.md section 2). */
export const responseRequestedSuffix = '– Response Requested';

export const statusSuffix = (ticket: Pick<Ticket, 'request_customer_response'>) =>
  ticket.request_customer_response ? responseRequestedSuffix : undefined;
