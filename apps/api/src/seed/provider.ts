import type { ProfileFields } from '@portal/contract';

import type { Db } from '../db/client.ts';
import { writeProfile } from '../modules/provider/provider.service.ts';

/**
 * The demo's provider profile (decision 123): the one place the demo company exists. The seed saves it
 * as a level-3 staff member would on the provider profile page; a database without it (production)
 * shows the deployment's profile or a neutral name, never this one.
 */

/** The demo company's mail domain: its support desk and its account team (team.ts). */
export const demoMailDomain = 'northwind.example';

/** Names the seed's random streams (random.ts): the same label gives the same demo data as before. */
export const randomSalt = 'northwind';

export const demoProvider: ProfileFields = {
  portal_name: 'Northwind Portal',
  company_name: 'Northwind Managed Services',
  postal_address: '400 Harbor Point Drive, Suite 1200\nPortland, OR 97209',
  tax_id: 'EIN 93-1234567',
  website: 'https://www.northwind.example',
  support_email: `support@${demoMailDomain}`,
  support_phone: '(503) 555-0199',
  billing_email: `billing@${demoMailDomain}`,
  billing_phone: '(503) 555-0100',
  primary_color: '#14284b',
  accent_color: '#087f5a',
  mail_from_name: 'Northwind Managed Services',
  mail_from_address: `portal@${demoMailDomain}`,
  mail_footer: 'Northwind Managed Services customer portal',
  locale: '',
};

/** The demo's mark: an N on a navy tile. */
export const demoLogo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="14" fill="#ffffff"/><path d="M18 46V18h6l16 18V18h6v28h-6L24 28v18z" fill="#087f5a"/></svg>`;

export async function addProviderProfile(db: Db): Promise<void> {
  const logo = { type: 'image/svg+xml' as const, bytes: Buffer.from(demoLogo, 'utf8') };
  await writeProfile(db, demoProvider, { logo, favicon: logo }, null);
}
