import type { SeedContext } from './context.ts';
import { rng } from './random.ts';
import { daysAgo } from './time.ts';

/**
 * Resource categories (three top-level, each with children) and ~24 articles. Images are served by the
 * content module at /api/content/images/{n}.svg. One article carries a <script> tag on purpose: the
 * portal must sanitise article HTML before showing it.
 */

const CATEGORIES: ReadonlyArray<{ title: string; children: readonly string[] }> = [
  { title: 'Knowledge Base', children: ['Getting Started', 'Billing & Invoices'] },
  { title: 'Product Updates', children: ['Release Notes', 'Service Announcements'] },
  { title: 'Security Advisories', children: ['Vulnerability Notices', 'Best Practices'] },
];

interface Article {
  category: string;
  title: string;
  excerpt: string;
  points: readonly string[];
  link?: readonly [url: string, text: string];
  extra?: string;
}

const ARTICLES: readonly Article[] = [
  {
    category: 'Getting Started',
    title: 'Welcome to the customer portal',
    excerpt: 'A quick tour of invoices, services, tickets and notifications.',
    points: [
      'The dashboard shows your latest invoice, tickets and pending orders.',
      'Use the account selector to switch between billing accounts.',
      'Your account team is listed with direct phone numbers.',
    ],
  },
  {
    category: 'Getting Started',
    title: 'Inviting colleagues and managing portal users',
    excerpt: 'Account administrators can add users and choose what each one sees.',
    points: [
      'Open Manage Users from the sidebar.',
      'Choose user or admin access per account.',
      'Removed users lose access immediately.',
    ],
  },
  {
    category: 'Getting Started',
    title: 'Turning on two-factor authentication',
    excerpt: 'Protect your sign-in with an authenticator app in under a minute.',
    points: [
      'Go to your profile and open the Two-Factor tab.',
      'Scan the QR code with any TOTP authenticator app.',
      'Enter the six-digit code to confirm.',
    ],
  },
  {
    category: 'Getting Started',
    title: 'Finding a service by circuit ID',
    excerpt: 'Search services by circuit ID, your own reference or an alias.',
    points: [
      'Circuit IDs look like NW/DIA/004512.',
      'Give a service an alias to find it faster.',
      'Export the filtered list as CSV.',
    ],
  },
  {
    category: 'Billing & Invoices',
    title: 'Reading your monthly invoice',
    excerpt: 'What each line of your invoice means, from monthly charges to balance forward.',
    points: [
      'Monthly charges cover recurring services for the month ahead.',
      'Usage charges are billed in arrears.',
      'Balance forward shows credits carried from earlier invoices.',
    ],
  },
  {
    category: 'Billing & Invoices',
    title: 'Understanding taxes, fees and governmental charges',
    excerpt: 'Why telecom invoices carry surcharges and how they are calculated.',
    points: [
      'Governmental charges are set by regulators, not by us.',
      'Taxes depend on the service address.',
      'Exempt customers can upload certificates via their account manager.',
    ],
  },
  {
    category: 'Billing & Invoices',
    title: 'Paying by ACH or card',
    excerpt: 'Payment options and how long each takes to post to your balance.',
    points: [
      'ACH payments post within two business days.',
      'Card payments post the same day.',
      'Remittance details are printed on every invoice.',
    ],
    link: ['/portal/invoices/pay', 'See your balance'],
  },
  {
    category: 'Billing & Invoices',
    title: 'Why usage-based charges change month to month',
    excerpt: 'Storage, compute and transfer are billed by what you use.',
    points: [
      'Charts on each service page show daily usage.',
      'Set budgets with your account manager.',
      'Committed-use discounts smooth out monthly swings.',
    ],
  },
  {
    category: 'Release Notes',
    title: 'Portal release: faster network charts',
    excerpt: 'Network statistics now load in under a second, even for a year of data.',
    points: [
      'Charts are downsampled on the server and keep every peak.',
      'Ranges from one day to one year.',
      'Download the raw data as CSV.',
    ],
  },
  {
    category: 'Release Notes',
    title: 'Portal release: CSV export for services',
    excerpt: 'Export your full service inventory with one click.',
    points: [
      'Exports respect your current search and filters.',
      'Includes contract dates and terms.',
      'Opens directly in spreadsheet software.',
    ],
  },
  {
    category: 'Release Notes',
    title: 'Portal release: compliance PINs',
    excerpt: 'Accounts can now require a PIN before support makes changes.',
    points: [
      'Account administrators can turn PINs on per account.',
      'Reset a forgotten PIN by email.',
      'Support will ask for the PIN on every call.',
    ],
  },
  {
    category: 'Release Notes',
    title: 'Embedding the status widget',
    excerpt: 'Show live service status on your intranet.',
    points: [
      'Copy the snippet from this page.',
      'The widget updates every minute.',
      'No sign-in is needed to view it.',
    ],
    extra:
      '<p>Paste this snippet into your intranet page:</p><script>document.write("status widget")</script><pre><code>&lt;div id="nw-status"&gt;&lt;/div&gt;</code></pre>',
  },
  {
    category: 'Service Announcements',
    title: 'New Open Cloud region: US-East',
    excerpt: 'Launch instances closer to your East Coast users.',
    points: [
      'Same pricing as US-Central.',
      'Object Storage replication between regions.',
      'Available to every Open Cloud project.',
    ],
    link: ['https://status.example.com/regions', 'Region status'],
  },
  {
    category: 'Service Announcements',
    title: 'Object Storage price reduction',
    excerpt: 'Per-GB storage rates drop by 15% from next month.',
    points: [
      'Applies automatically to every account.',
      'No change to egress allowances.',
      'Committed plans get the lower rate at renewal.',
    ],
  },
  {
    category: 'Service Announcements',
    title: 'SD-WAN now supports 5G backup links',
    excerpt: 'Add a cellular path to any SD-WAN edge for extra resilience.',
    points: [
      'Works with existing edge appliances.',
      'Pooled data plans across sites.',
      'Automatic failover in under a second.',
    ],
  },
  {
    category: 'Service Announcements',
    title: 'Extended support hours for Hosted Voice',
    excerpt: 'Voice specialists are now available around the clock.',
    points: ['24x7 phone and ticket support.', 'Priority handling for outages.', 'Same phone number as before.'],
  },
  {
    category: 'Vulnerability Notices',
    title: 'Advisory: OpenSSH regreSSHion (CVE-2024-6387)',
    excerpt: 'Managed servers have been patched; customer-managed hosts may need action.',
    points: [
      'Affects OpenSSH 8.5p1 to 9.7p1 on glibc Linux.',
      'Hosts we manage were patched within 24 hours.',
      'Update customer-managed hosts to 9.8p1 or later.',
    ],
    link: ['https://nvd.nist.gov/vuln/detail/CVE-2024-6387', 'Read the NVD entry'],
  },
  {
    category: 'Vulnerability Notices',
    title: 'Advisory: edge router firmware update required',
    excerpt: 'A firmware update for customer-premises routers is being rolled out.',
    points: [
      'Updates are scheduled in your maintenance window.',
      'Expect one reboot of under 5 minutes.',
      'Contact support to pick a different window.',
    ],
  },
  {
    category: 'Vulnerability Notices',
    title: 'Advisory: phishing campaign impersonating our invoices',
    excerpt: 'We never ask for payment details by email.',
    points: [
      'Check the sender address carefully.',
      'Open invoices only from the portal.',
      'Forward suspicious mail to our support team.',
    ],
  },
  {
    category: 'Vulnerability Notices',
    title: 'Advisory: critical VPN appliance vulnerabilities',
    excerpt: 'Patch internet-facing VPN appliances now.',
    points: [
      'Several vendors released fixes this month.',
      'EDR customers have detection rules deployed.',
      'Our SOC can help review exposure.',
    ],
  },
  {
    category: 'Best Practices',
    title: 'Ransomware readiness checklist',
    excerpt: 'Ten steps that make recovery fast and predictable.',
    points: [
      'Keep at least one immutable backup copy.',
      'Test restores quarterly.',
      'Segment backup networks from production.',
    ],
  },
  {
    category: 'Best Practices',
    title: 'Testing your disaster recovery plan',
    excerpt: 'How to run a failover test without affecting production.',
    points: ['Use isolated test networks.', 'Measure the achieved RPO and RTO.', 'Document every manual step.'],
  },
  {
    category: 'Best Practices',
    title: 'Keeping immutable backups',
    excerpt: 'Immutability protects backups even from stolen admin credentials.',
    points: [
      'Enable object lock on backup buckets.',
      'Keep 30 days of immutable retention.',
      'Alert on retention policy changes.',
    ],
  },
  {
    category: 'Best Practices',
    title: 'Securing DNS records for your domains',
    excerpt: 'Dangling records are an easy way into your web estate.',
    points: [
      'Remove records for retired services.',
      'Proxy public web records through Web & App Security.',
      'Lock your registrar account with two-factor.',
    ],
  },
];

function body(a: Article): string {
  const items = a.points.map((p) => `  <li>${p}</li>`).join('\n');
  return [
    `<p>${a.excerpt}</p>`,
    '<h3>What you need to know</h3>',
    `<ul>\n${items}\n</ul>`,
    a.extra ?? '',
    '<p>Questions? Your account team is listed on the dashboard, or open a ticket and we will help.</p>',
  ]
    .filter(Boolean)
    .join('\n');
}

export function addContent(ctx: SeedContext): void {
  const ids = new Map<string, number>();
  CATEGORIES.forEach((top, i) => {
    const id = ctx.ids.next('resource_categories');
    ctx.bulk.add('resource_categories', { id, title: top.title, parent_id: null, sort_order: i });
    top.children.forEach((child, j) => {
      const childId = ctx.ids.next('resource_categories');
      ids.set(child, childId);
      ctx.bulk.add('resource_categories', { id: childId, title: child, parent_id: id, sort_order: j });
    });
  });
  const random = rng('content');
  ARTICLES.forEach((a, i) => {
    const id = ctx.ids.next('resources');
    const image = `/api/content/images/${i + 1}.svg`;
    ctx.bulk.add('resources', {
      id,
      category_id: ids.get(a.category) ?? 1,
      title: a.title,
      excerpt: a.excerpt,
      body: body(a),
      image_url: image,
      thumbnail_url: image,
      post_date: daysAgo(ctx.now, ((i * 7) % 24) * 15 + random.between(0, 12)),
      alternative_link_url: a.link?.[0] ?? null,
      alternative_link_text: a.link?.[1] ?? null,
    });
  });
}
