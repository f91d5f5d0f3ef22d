/** The feature's public entry: what other features may use (the lint rule in eslint.config.js, guide "Web features"). */
export { latestTicketsQueryOptions, useLatestTickets } from './api/get-latest-tickets.ts';
export {
  ticketsRequestingResponseQueryOptions,
  useTicketsRequestingResponse,
} from './api/get-tickets-requesting-response.ts';
