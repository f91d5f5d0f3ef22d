import { lazy, Suspense, useSyncExternalStore } from 'react';

import { getPopup, subscribePopup } from '../../lib/popups.ts';

// The modal (focus trap, scroll lock, portal) loads only when a popup is first shown,
// keeping it out of the initial bundle.
const PopupModal = lazy(() => import('./PopupModal.tsx').then((m) => ({ default: m.PopupModal })));

/** Renders the popup the request helper raised (too many requests, legal, two-factor, download). */
export function PopupHost() {
  const popup = useSyncExternalStore(subscribePopup, getPopup, getPopup);
  if (!popup) return null;
  return (
    <Suspense fallback={null}>
      <PopupModal popup={popup} />
    </Suspense>
  );
}
