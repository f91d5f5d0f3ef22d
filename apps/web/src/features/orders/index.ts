/** The feature's public entry: what other features may use (the lint rule in eslint.config.js, guide "Web features"). */
export { pendingOrdersQueryOptions, usePendingOrders } from './api/get-pending-orders.ts';
