/** The feature's public entry: what other features may use (the lint rule in eslint.config.js, guide "Web features"). */
export { useActiveAgreements } from './api/get-active-agreements.ts';
