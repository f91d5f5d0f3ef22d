import { useSyncExternalStore } from 'react';

import type { Session } from './session.ts';
import { getSession, subscribeSession } from './session.ts';

/** The session as React state; null when signed out. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/**
 * The session inside protected pages, where the session middleware guarantees it is loaded.
 * Throws if used outside them (a programming error, caught by the route error boundary).
 */
export function useLoginData(): Session {
  const session = useSession();
  if (!session) throw new Error('useLoginData() used outside a protected route');
  return session;
}
