/** The feature's public entry: what other features may use (the lint rule in eslint.config.js, guide "Web features"). */
export { useOrder } from './api/get-order.ts';
export { OrderLoadError } from './components/OrderLoadError.tsx';
