import type { Feed } from './feed.ts';

/**
 * The provider's product catalogue: one product per page type of the portal (product_controller),
 * several network products, plain products shown by the generic order page, and one retired product.
 * Each product carries what the seed needs to invent believable orders for it.
 */

export interface ComponentTemplate {
  description: string;
  unit: string | null;
  /** Range of the quantity. */
  qty: readonly [number, number];
  /** Share of the order's monthly charge; 0 = a component billed at nothing (included, waived). */
  weight: number;
}

export interface ProductDef {
  product_cd: string;
  product: string;
  short_product_name: string;
  product_controller: string;
  product_group: string;
  active: boolean;
  /** Middle part of the circuit id: NW/{circuit}/004512. */
  circuit: string;
  /** Monthly recurring charge range in dollars. */
  mrc: readonly [number, number];
  /** Billed by use: the invoiced amount moves from month to month. */
  usage: boolean;
  components: readonly ComponentTemplate[];
}

const c = (
  description: string,
  unit: string | null,
  qty: readonly [number, number],
  weight: number,
): ComponentTemplate => ({
  description,
  unit,
  qty,
  weight,
});

const BACKUP = 'Backup & Recovery';
const CLOUD = 'Cloud';
const NETWORK = 'Network';
const SECURITY = 'Security';

export const PRODUCTS: readonly ProductDef[] = [
  {
    product_cd: 'bs',
    product: 'Backup as a Service',
    short_product_name: 'BaaS',
    product_controller: 'bs',
    product_group: BACKUP,
    active: true,
    circuit: 'BAAS',
    mrc: [350, 2400],
    usage: true,
    components: [
      c('Production backup storage', 'GB', [500, 8000], 5),
      c('Local cache appliance storage', 'GB', [200, 2000], 2),
      c('Protected servers', 'Server', [2, 20], 2),
      c('Microsoft 365 mailboxes', 'Mailbox', [10, 250], 1),
      c('Backup management and monitoring', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'ch',
    product: 'Backup Platform (Cloud Connect)',
    short_product_name: 'Backup Platform',
    product_controller: 'ch',
    product_group: BACKUP,
    active: true,
    circuit: 'BKP',
    mrc: [400, 3000],
    usage: true,
    components: [
      c('Backup management objects', 'Object', [10, 120], 3),
      c('Backup repository storage', 'GB', [1000, 20000], 4),
      c('Replication storage', 'GB', [500, 10000], 2),
      c('Onboarding and seeding', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'cv',
    product: 'Virtual Machine Backup',
    short_product_name: 'VM Backup',
    product_controller: 'cv',
    product_group: BACKUP,
    active: true,
    circuit: 'VMB',
    mrc: [200, 1500],
    usage: true,
    components: [
      c('Protected virtual machines', 'VM', [5, 80], 3),
      c('Backup storage', 'GB', [500, 12000], 3),
      c('Immutable copy retention (30 days)', null, [1, 1], 1),
      c('Restore assistance', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'ds',
    product: 'Disaster Recovery as a Service',
    short_product_name: 'DRaaS',
    product_controller: 'ds',
    product_group: BACKUP,
    active: true,
    circuit: 'DRS',
    mrc: [900, 6000],
    usage: false,
    components: [
      c('Protected virtual machines', 'VM', [5, 60], 4),
      c('Recovery volume storage', 'GB', [1000, 16000], 3),
      c('Journal storage', 'GB', [200, 3000], 1),
      c('Annual failover test', null, [1, 1], 1),
      c('DR runbook workshop', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'eb',
    product: 'Endpoint Backup',
    short_product_name: 'Endpoint Backup',
    product_controller: 'eb',
    product_group: BACKUP,
    active: true,
    circuit: 'EPB',
    mrc: [150, 1800],
    usage: true,
    components: [
      c('Agent-based endpoint licences', 'Endpoint', [20, 400], 3),
      c('Protected data', 'GB', [200, 6000], 2),
      c('Image-based machine backup', 'VM', [2, 30], 2),
      c('Self-service restore portal', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'dd',
    product: 'Web & App Security (WAF and DDoS)',
    short_product_name: 'Web & App Security',
    product_controller: 'dd',
    product_group: SECURITY,
    active: true,
    circuit: 'WAS',
    mrc: [250, 2200],
    usage: false,
    components: [
      c('Protected zones', 'Zone', [1, 4], 3),
      c('Web application firewall rulesets', null, [1, 1], 2),
      c('Always-on DDoS mitigation', null, [1, 1], 2),
      c('Bot management', null, [1, 1], 1),
      c('Certificate management', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'ed',
    product: 'Endpoint Detection & Response',
    short_product_name: 'EDR',
    product_controller: 'ed',
    product_group: SECURITY,
    active: true,
    circuit: 'EDR',
    mrc: [300, 2600],
    usage: false,
    components: [
      c('EDR licences', 'License', [25, 500], 4),
      c('24x7 managed threat response', null, [1, 1], 3),
      c('Hardware-bound licences', 'License', [0, 40], 1),
      c('Quarterly threat review', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'di',
    product: 'Dedicated Internet Access',
    short_product_name: 'Dedicated Internet',
    product_controller: 'network',
    product_group: NETWORK,
    active: true,
    circuit: 'DIA',
    mrc: [450, 3500],
    usage: false,
    components: [
      c('Internet access port 1 Gbps', 'Port', [1, 1], 3),
      c('Committed bandwidth', 'Mbps', [100, 1000], 4),
      c('IPv4 address block /29', null, [1, 1], 1),
      c('Managed edge router', null, [1, 1], 1),
      c('Installation', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'mp',
    product: 'MPLS IP VPN',
    short_product_name: 'MPLS',
    product_controller: 'network',
    product_group: NETWORK,
    active: true,
    circuit: 'MPLS',
    mrc: [380, 2800],
    usage: false,
    components: [
      c('MPLS access port', 'Port', [1, 1], 3),
      c('Class of service: real-time', 'Mbps', [10, 100], 2),
      c('Class of service: business data', 'Mbps', [20, 500], 2),
      c('Managed CE router', null, [1, 1], 1),
      c('Site survey', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'sw',
    product: 'Managed SD-WAN',
    short_product_name: 'SD-WAN',
    product_controller: 'network',
    product_group: NETWORK,
    active: true,
    circuit: 'SDW',
    mrc: [220, 1600],
    usage: false,
    components: [
      c('SD-WAN edge appliance', 'Device', [1, 2], 3),
      c('SD-WAN licence, 500 Mbps tier', 'License', [1, 2], 3),
      c('Secure web gateway add-on', null, [1, 1], 1),
      c('24x7 monitoring', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'ep',
    product: 'Ethernet Private Line',
    short_product_name: 'Ethernet Private Line',
    product_controller: 'network',
    product_group: NETWORK,
    active: true,
    circuit: 'EPL',
    mrc: [600, 4200],
    usage: false,
    components: [
      c('Point-to-point circuit 10 Gbps', 'Circuit', [1, 1], 5),
      c('Diverse route protection', null, [1, 1], 2),
      c('Cross-connect', 'Each', [1, 2], 1),
      c('Installation', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'ob',
    product: 'Object Storage (S3 compatible)',
    short_product_name: 'Object Storage',
    product_controller: 'ob',
    product_group: CLOUD,
    active: true,
    circuit: 'OBJ',
    mrc: [80, 1400],
    usage: true,
    components: [
      c('Object storage', 'GB', [1000, 50000], 5),
      c('Egress above allowance', 'GB', [0, 2000], 1),
      c('API requests', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'oc',
    product: 'Open Cloud (OpenStack)',
    short_product_name: 'Open Cloud',
    product_controller: 'oc',
    product_group: CLOUD,
    active: true,
    circuit: 'OCL',
    mrc: [500, 5200],
    usage: true,
    components: [
      c('Compute instances', 'Instance-day', [120, 1800], 5),
      c('Volume storage', 'GB', [500, 20000], 2),
      c('Snapshot storage', 'GB', [100, 5000], 1),
      c('Floating IP addresses', 'Each', [1, 8], 1),
      c('Project onboarding', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'rp',
    product: 'Resource Pool (Private Cloud)',
    short_product_name: 'Resource Pool',
    product_controller: 'resource-pool',
    product_group: CLOUD,
    active: true,
    circuit: 'RP',
    mrc: [1200, 9000],
    usage: false,
    components: [
      c('Reserved vCPU capacity', 'GHz', [20, 200], 3),
      c('Reserved memory', 'GB', [64, 1024], 3),
      c('Storage profile: performance', 'GB', [1000, 20000], 2),
      c('Storage profile: capacity', 'GB', [2000, 40000], 1),
      c('Hypervisor licensing', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'ub',
    product: 'Usage-Based Cloud Services',
    short_product_name: 'Usage-Based',
    product_controller: 'usage-based',
    product_group: CLOUD,
    active: true,
    circuit: 'UB',
    mrc: [150, 2500],
    usage: true,
    components: [
      c('vCPU hours', 'vCPU-hour', [1000, 20000], 3),
      c('Memory hours', 'GB-hour', [4000, 80000], 2),
      c('Block storage', 'GB-month', [500, 10000], 2),
      c('Data transfer out', 'GB', [100, 5000], 1),
    ],
  },
  {
    product_cd: 'vo',
    product: 'Hosted Voice (UCaaS)',
    short_product_name: 'Hosted Voice',
    product_controller: 'order',
    product_group: 'Voice',
    active: true,
    circuit: 'VOX',
    mrc: [300, 2400],
    usage: false,
    components: [
      c('Voice seats', 'Seat', [20, 300], 4),
      c('Toll-free numbers', 'Number', [1, 10], 1),
      c('Call recording', null, [1, 1], 1),
      c('Number porting', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'st',
    product: 'SIP Trunking',
    short_product_name: 'SIP Trunk',
    product_controller: 'order',
    product_group: 'Voice',
    active: true,
    circuit: 'SIP',
    mrc: [120, 900],
    usage: false,
    components: [
      c('Concurrent call paths', 'Path', [10, 100], 3),
      c('DID block of 100', 'Block', [1, 5], 1),
      c('E911 service', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'co',
    product: 'Colocation',
    short_product_name: 'Colocation',
    product_controller: 'order',
    product_group: 'Colocation',
    active: true,
    circuit: 'COL',
    mrc: [900, 7500],
    usage: false,
    components: [
      c('Full cabinet, 42U', 'Cabinet', [1, 4], 4),
      c('Primary power 208V 30A', 'Circuit', [1, 4], 2),
      c('Redundant power 208V 30A', 'Circuit', [1, 4], 1),
      c('Remote hands (2 hours included)', null, [1, 1], 0),
    ],
  },
  {
    product_cd: 'fr',
    product: 'Frame Relay (retired)',
    short_product_name: 'Frame Relay',
    product_controller: 'network',
    product_group: NETWORK,
    active: false,
    circuit: 'FR',
    mrc: [200, 800],
    usage: false,
    components: [c('Frame Relay port', 'Port', [1, 1], 1)],
  },
];

export const ACTIVE_PRODUCTS = PRODUCTS.filter((p) => p.active);

/** Every product_controller the portal has a page for; the demo customer gets an order of each. */
export const CONTROLLERS = [
  'bs',
  'ch',
  'cv',
  'dd',
  'ds',
  'eb',
  'ed',
  'network',
  'ob',
  'oc',
  'resource-pool',
  'usage-based',
] as const;

export function productByCode(code: string): ProductDef {
  const product = PRODUCTS.find((p) => p.product_cd === code);
  if (!product) throw new Error(`seed: unknown product ${code}`);
  return product;
}

/** Relative frequency of products on a random account: networks and backup are the bread and butter. */
export const PRODUCT_WEIGHTS: Readonly<Record<string, number>> = {
  di: 6,
  mp: 5,
  sw: 4,
  ep: 2,
  bs: 3,
  ch: 2,
  cv: 2,
  ds: 1,
  eb: 2,
  dd: 2,
  ed: 2,
  ob: 2,
  oc: 1,
  rp: 1,
  ub: 1,
  vo: 3,
  st: 2,
  co: 2,
};

/** Feeds the catalogue (the products feed). */
export async function addProducts(feed: Feed, atMs: number): Promise<void> {
  for (const p of PRODUCTS) {
    await feed.send(
      'products',
      {
        product_cd: p.product_cd,
        product: p.product,
        short_product_name: p.short_product_name,
        product_controller: p.product_controller,
        product_group: p.product_group,
        active: p.active,
      },
      atMs,
    );
  }
}
