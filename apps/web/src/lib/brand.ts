import type { PublicProfile } from '@portal/contract';
import { useSyncExternalStore } from 'react';

import { serverContext } from './server-context.ts';

/**
 * The provider's public profile (decision 123): the name, colours, logo and contacts every page shows.
 * The server puts it in every document (a JSON data block, never run); a page rendered on the server
 * takes the render's. The staff page sets the saved one, so the header and title follow at once.
 */

/** The element the server puts the profile in (the API's plugins/brand-document.ts). */
export const brandElementId = 'portal-brand';

/** What the portal shows when nothing names it (a build served by another server, a test). */
export const neutralBrand: PublicProfile = {
  portal_name: 'Customer portal',
  company_name: '',
  postal_address: [],
  tax_id: '',
  website: '',
  support_email: '',
  support_phone: '',
  billing_email: '',
  billing_phone: '',
  primary_color: '#334155',
  accent_color: '#0f766e',
  locale: 'en-US',
  logo_url: null,
  favicon_url: null,
  missing: true,
};

function documentBrand(): PublicProfile {
  if (typeof document === 'undefined') return neutralBrand;
  const text = document.getElementById(brandElementId)?.textContent;
  if (!text) return neutralBrand;
  try {
    return { ...neutralBrand, ...(JSON.parse(text) as Partial<PublicProfile>) };
  } catch {
    return neutralBrand;
  }
}

let held: PublicProfile | undefined;
const listeners = new Set<() => void>();

/** The profile in force: the render's on the server, the document's (or the one last saved) in the browser. */
export function currentBrand(): PublicProfile {
  const rendering = serverContext();
  if (rendering) return rendering.provider;
  held ??= documentBrand();
  return held;
}

/** The staff page saved a profile: every part of the page that shows it follows. */
export function setBrand(next: PublicProfile): void {
  held = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useBrand = (): PublicProfile => useSyncExternalStore(subscribe, currentBrand, currentBrand);

/** "Sign in · Portal name": a page's title. */
export const titleOf = (page: string, brand: PublicProfile) => `${page} · ${brand.portal_name}`;
