/** The feature's public entry: what other features may use (the lint rule in eslint.config.js, guide "Web features"). */
export {
  activeNotificationCountsQueryOptions,
  useActiveNotificationCounts,
} from './api/get-active-notification-counts.ts';
export { outagesQueryOptions, useOutages } from './api/get-outages.ts';
