import { expect } from 'vitest';

import { contact } from '@portal/contract';

import { demoMailDomain, demoProvider } from '../../src/seed/provider.ts';

/** A made-up provider's profile (issue 34): what the no-demo-trace tests save before they look. */
export const madeUp = {
  portal_name: 'Fjordline Hub',
  company_name: 'Fjordline Networks AS',
  postal_address: 'Strandkaien 12\n5013 Bergen',
  tax_id: 'NO 987 654 321 MVA',
  website: 'https://fjordline.example.org',
  support_email: 'hjelp@fjordline.example.org',
  support_phone: '+47 55 00 00 00',
  billing_email: 'faktura@fjordline.example.org',
  billing_phone: '+47 55 00 00 01',
  primary_color: '#0b3d2e',
  accent_color: '#7a1f5c',
  mail_from_name: '',
  mail_from_address: '',
  mail_footer: '',
  locale: '',
};

/** The footer every mail closes with under `madeUp` (the profile's default footer lines). */
export const madeUpFooter = [
  'Fjordline Hub · Fjordline Networks AS',
  'Support: hjelp@fjordline.example.org +47 55 00 00 00',
];

/** Every way the demo company could show: its names, mail domain (its emails, website), address, phones, tax id. */
export const demoTraces = [
  demoProvider.portal_name,
  demoProvider.company_name,
  demoMailDomain,
  demoProvider.portal_name.split(' ')[0] as string,
  ...demoProvider.postal_address.split('\n'),
  demoProvider.support_phone,
  demoProvider.billing_phone,
  demoProvider.tax_id,
  demoProvider.mail_footer,
];

export const expectNoTrace = (text: string, where: string) => {
  for (const trace of demoTraces) expect(text.toLowerCase(), `${where}: ${trace}`).not.toContain(trace.toLowerCase());
};

/** A feedback inquiry (its mail goes to the support inbox), as the inquiry form sends it. */
export const feedbackInquiry = {
  inquiry_type: 'feedback',
  first_name: 'Casey',
  last_name: 'Morgan',
  email: 'casey@demo.test',
  subject: contact.inquirySubject('feedback'),
  inquiry: 'A question.',
  value: '',
};
