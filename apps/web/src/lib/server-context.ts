import type { PublicProfile } from '@portal/contract';

import type { Viewer } from './formats.ts';
import type { Session } from './session.ts';

/**
 * What a page rendered on the server knows of the browser it renders for (decisions 108, 109): the
 * request's cookies (the token, the current account, the viewer), the session the server loaded with
 * that token, and how the page's calls reach the API (in-process, with the request's token). The
 * server module (entry-server.tsx) sets the source once; it answers per render (AsyncLocalStorage).
 * In the browser there is no such context and every reader below uses the browser's own state.
 */
export interface ServerContext {
  cookies: string;
  viewer: Viewer;
  session: Session | null;
  /** The provider's public profile the document is rendered under (decision 123). */
  provider: PublicProfile;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

let source: () => ServerContext | undefined = () => undefined;

/** The render's context on the server; undefined in the browser. */
export const serverContext = (): ServerContext | undefined => source();

/** Called once by the server module. */
export function setServerContextSource(next: () => ServerContext | undefined): void {
  source = next;
}
