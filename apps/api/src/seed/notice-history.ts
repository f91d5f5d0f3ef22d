import type { BatchDef } from './notices.ts';
import { rng } from './random.ts';

/**
 * The past year's notices, before the current ones (notices.ts): routine maintenance and the odd
 * outage, one every week and a half from a month ago back to about 13 months ago. Only demo accounts get
 * them (the demo customer's main account all of them), so the generated companies stay as they were.
 */

type Template = Omit<BatchDef, 'startDays' | 'area'> & { areas: readonly string[] };

const NET = ['Network'];
const METROS = ['Dallas–Fort Worth metro', 'Chicago metro', 'Houston metro', 'Atlanta metro', 'Denver metro'];
const REGIONS = ['US-Central cloud region', 'US-East cloud region'];

const TEMPLATES: readonly Template[] = [
  {
    kind: 'maintenance',
    subject: 'Scheduled fiber maintenance – {area}',
    areas: METROS,
    hours: 4,
    serviceAffecting: true,
    interruption: 'Up to 30 minutes',
    groups: NET,
    circuits: 'Dedicated Internet and MPLS circuits on the affected fiber route',
    work: 'Our fiber partner relocated a cable segment for road works. Traffic was moved to the protect path; circuits without route diversity saw one interruption.',
  },
  {
    kind: 'maintenance',
    subject: 'Backup platform firmware update',
    areas: ['All regions'],
    hours: 5,
    serviceAffecting: false,
    interruption: 'No interruption expected',
    groups: ['Backup & Recovery'],
    circuits: 'Backup Platform and VM Backup repositories',
    work: 'Storage controllers of the backup repositories were updated one at a time. Jobs kept running; restores could be slower during the window.',
  },
  {
    kind: 'maintenance',
    subject: 'Hypervisor security patching – {area}',
    areas: REGIONS,
    hours: 6,
    serviceAffecting: false,
    interruption: 'No interruption expected (instances are live-migrated)',
    groups: ['Cloud'],
    circuits: 'Open Cloud and Resource Pool hosts',
    work: 'Hosts were patched for vendor security advisories after their instances were live-migrated to other hosts.',
  },
  {
    kind: 'maintenance',
    subject: 'Core router line card replacement – {area}',
    areas: METROS,
    hours: 2,
    serviceAffecting: true,
    interruption: 'Up to 10 minutes',
    groups: NET,
    circuits: 'Circuits homed on the affected core router',
    work: 'A line card with rising error counts was replaced under planned change control; circuits were moved to the redundant card first.',
  },
  {
    kind: 'maintenance',
    subject: 'Cooling plant maintenance – {area}',
    areas: ['Atlanta data center (ATL2)', 'Dallas data center (DAL1)'],
    hours: 8,
    serviceAffecting: false,
    interruption: 'No interruption expected (redundant cooling)',
    groups: ['Colocation', 'Cloud'],
    circuits: 'Cabinets and cloud hosts in the data center',
    work: 'Chillers were serviced one at a time; the redundant units carried the load throughout.',
  },
  {
    kind: 'maintenance',
    subject: 'Web & App Security rule set update',
    areas: ['Global'],
    hours: 2,
    serviceAffecting: false,
    interruption: 'Up to 2 minutes of elevated latency',
    groups: ['Security'],
    circuits: 'Web & App Security zones',
    work: 'Managed rule sets and edge software were updated site by site.',
  },
  {
    kind: 'outage',
    subject: 'Service outage – fiber cut, {area}',
    areas: METROS,
    hours: 3.5,
    serviceAffecting: true,
    interruption: 'Resolved after 3 hours 30 minutes',
    groups: NET,
    circuits: 'Dedicated Internet and Ethernet circuits without route diversity',
    work: 'Third-party construction cut a fiber bundle. Crews spliced the bundle; diverse circuits failed over and were not affected.',
  },
  {
    kind: 'maintenance',
    subject: 'SIP border controller upgrade',
    areas: ['All regions'],
    hours: 2,
    serviceAffecting: true,
    interruption: 'Calls in progress may drop once',
    groups: ['Voice'],
    circuits: 'Hosted Voice and SIP Trunking services',
    work: 'The session border controllers were upgraded one site at a time to the vendor’s long-term release.',
  },
  {
    kind: 'maintenance',
    subject: 'Object storage capacity expansion – {area}',
    areas: REGIONS,
    hours: 4,
    serviceAffecting: false,
    interruption: 'No interruption expected',
    groups: ['Cloud'],
    circuits: 'Object Storage endpoints',
    work: 'Storage nodes were added to the object storage cluster and data was rebalanced in the background.',
  },
  {
    kind: 'outage',
    subject: 'Degraded performance – {area}',
    areas: REGIONS,
    hours: 1.5,
    serviceAffecting: true,
    interruption: 'Resolved after 1 hour 30 minutes',
    groups: ['Cloud', 'Backup & Recovery'],
    circuits: 'Volumes and backup jobs in the region',
    work: 'A storage network switch dropped packets under load. Traffic was moved off the switch, which was then replaced.',
  },
];

/** How many past notices, and the days between them. */
const COUNT = 32;
const SPACING_DAYS = 11.5;

export function noticeHistory(): BatchDef[] {
  const random = rng('notice-history');
  return Array.from({ length: COUNT }, (_, k) => {
    const { areas, ...template } = TEMPLATES[(k * 3 + random.int(0, 1)) % TEMPLATES.length] as Template;
    const area = random.pick(areas);
    return {
      ...template,
      subject: template.subject.replace('{area}', area),
      area,
      // From a month ago (outside the dashboard's 30 days) back; starts on the hour (planBatches).
      startDays: -(34 + k * SPACING_DAYS + random.between(0, 6)),
    };
  });
}
