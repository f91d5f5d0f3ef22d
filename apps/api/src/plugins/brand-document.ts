import { provider as contract, type PublicProfile } from '@portal/contract';

import { escapeHtml } from '../lib/text.ts';
import { scriptSafeJson } from './first-screen.ts';

/**
 * Every document of the app names the provider (decision 123): the index's own title, description and
 * theme colour, the favicon, and the profile itself in a JSON data block (never run) that the app reads
 * before its first render (`brandElementId`, the web's lib/brand.ts), so no page shows another name first.
 */

/** The element the app reads the provider's public profile from. */
export const brandElementId = 'portal-brand';

/** What the built index.html says before a profile names the portal (apps/web/index.html). */
const indexTitle = `<title>${contract.neutralPortalName}</title>`;
const description = /<meta name="description"[^>]*>/;
const themeColor = /<meta name="theme-color"[^>]*>/;
const icon = /<link rel="icon"[^>]*>/;

export function brandDocument(html: string, profile: PublicProfile): string {
  const name = escapeHtml(profile.portal_name);
  const block = `<script type="application/json" id="${brandElementId}">${scriptSafeJson(profile)}</script>`;
  const favicon = profile.favicon_url ? `<link rel="icon" href="${escapeHtml(profile.favicon_url)}" />` : null;
  return html
    .replace(indexTitle, () => `<title>${name}</title>`)
    .replace(
      description,
      () => `<meta name="description" content="${name}: invoices, services, tickets and notifications." />`,
    )
    .replace(themeColor, () => `<meta name="theme-color" content="${escapeHtml(profile.primary_color)}" />`)
    .replace(icon, (own) => favicon ?? own)
    .replace('</head>', () => `${block}</head>`);
}
