/** The feature's public entry: what other features may use (the lint rule in eslint.config.js, guide "Web features"). */
export { invoiceProductsQueryOptions, useInvoiceProducts } from './api/get-invoice-products.ts';
export { latestInvoiceQueryOptions, useLatestInvoice } from './api/get-latest-invoice.ts';
export { InvoiceStatusBadge } from './components/InvoiceStatusBadge.tsx';
