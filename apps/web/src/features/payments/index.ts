/** The feature's public entry: what other features may use (the lint rule in eslint.config.js, guide "Web features"). */
export { paymentActionsQueryOptions } from './api/get-actions.ts';
export { usePaymentsEnabled } from './api/get-status.ts';
export { PayInvoiceButton } from './components/PayInvoiceButton.tsx';
export { PaymentActionsNotice } from './components/PaymentActionsNotice.tsx';
