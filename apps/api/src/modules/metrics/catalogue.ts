/**
 * Every series a product page reads: its metric name, unit, the label that names its object, whether
 * it arrives as a raw counter (stored as a per-second rate) or as a gauge, and how a chart folds many
 * values into one (peak or last). The product services read series only through these definitions,
 * and a page's reader refuses a metric its page does not list (series.service.ts), so this file is
 * what the pages read; docs/metrics-catalogue.md is generated from it (npm run metrics-catalogue).
 */

export type SeriesLabel = 'object_key' | 'component_key';

/** The labels that name a series' object; other labels a feed sends are not part of the series. */
export const seriesLabels: readonly SeriesLabel[] = ['object_key', 'component_key'];

export interface MetricDef {
  name: string;
  unit: string;
  kind: 'counter' | 'gauge';
  /** The label naming the object measured; none for the order as a whole. */
  label?: SeriesLabel;
  /** How a chart folds a group of values: 'peak' keeps the highest, 'last' the newest. */
  chart: 'peak' | 'last';
  description: string;
}

const counter = (name: string, unit: string, description: string): MetricDef => ({
  name,
  unit,
  kind: 'counter',
  label: 'object_key',
  chart: 'peak',
  description,
});
const gauge = (name: string, unit: string, description: string, label?: SeriesLabel): MetricDef => ({
  name,
  unit,
  kind: 'gauge',
  chart: 'last',
  description,
  ...(label ? { label } : {}),
});

export const metrics = {
  if_in_octets: counter('if_in_octets', 'octets (bytes); stored per second', 'Octets received (IF-MIB ifHCInOctets).'),
  if_out_octets: counter('if_out_octets', 'octets (bytes); stored per second', 'Octets sent (ifHCOutOctets).'),
  if_in_packets: counter('if_in_packets', 'packets; stored per second', 'Unicast packets received.'),
  if_out_packets: counter('if_out_packets', 'packets; stored per second', 'Unicast packets sent.'),
  if_in_errors: counter('if_in_errors', 'packets; stored per second', 'Inbound packets with errors.'),
  if_out_errors: counter('if_out_errors', 'packets; stored per second', 'Outbound packets with errors.'),
  if_in_discards: counter('if_in_discards', 'packets; stored per second', 'Inbound packets discarded.'),
  if_out_discards: counter('if_out_discards', 'packets; stored per second', 'Outbound packets discarded.'),
  size_bytes: gauge('size_bytes', 'bytes', 'Bytes stored in all buckets.'),
  objects: gauge('objects', 'objects', 'Objects stored in all buckets.'),
  bucket_count: gauge('bucket_count', 'buckets', 'Buckets of the order.'),
  usage: {
    ...gauge('usage', "the component's unit of measure", 'Quantity used in the day.', 'component_key'),
    chart: 'peak',
  } satisfies MetricDef,
  production_storage_bytes: gauge('production_storage_bytes', 'bytes', 'Production backup storage used.'),
  local_storage_bytes: gauge('local_storage_bytes', 'bytes', 'Local cache appliance storage used.'),
  backup_mgmt_objects: gauge('backup_mgmt_objects', 'objects', 'Objects under backup management.'),
  backup_storage_bytes: gauge('backup_storage_bytes', 'bytes', 'Backup repository storage used.'),
  replication_storage_bytes: gauge('replication_storage_bytes', 'bytes', 'Replication storage used.'),
  vm_count: gauge('vm_count', 'virtual machines', 'Virtual machines protected.'),
  used_bytes: gauge('used_bytes', 'bytes', 'Backup storage used.'),
  active_licenses: gauge('active_licenses', 'licences', 'Licences in use.'),
  active_licenses_hw: gauge('active_licenses_hw', 'licences', 'Hardware-bound licences in use.'),
  instance_count: gauge('instance_count', 'instances', 'Compute instances running that day.'),
  volume_storage_bytes: gauge('volume_storage_bytes', 'bytes', 'Volume storage used.'),
  snap_storage_bytes: gauge('snap_storage_bytes', 'bytes', 'Snapshot storage used.'),
  instances_of_type: gauge(
    'instances_of_type',
    'instances',
    'Compute instances of one instance type (flavor, the object_key) running that day.',
    'object_key',
  ),
  memory_bytes_used: gauge('memory_bytes_used', 'bytes', 'Memory in use.'),
  memory_bytes_limit: gauge('memory_bytes_limit', 'bytes', 'Memory reserved.'),
  cpu_hz_used: gauge('cpu_hz_used', 'hertz', 'Compute in use.'),
  cpu_hz_limit: gauge('cpu_hz_limit', 'hertz', 'Compute reserved.'),
  storage_bytes_used: gauge('storage_bytes_used', 'bytes', 'Storage used in a storage profile.', 'object_key'),
  storage_bytes_limit: gauge('storage_bytes_limit', 'bytes', 'Storage reserved in a storage profile.', 'object_key'),
  requests_total: gauge('requests_total', 'requests a day', 'Requests to a security zone that day.', 'object_key'),
  requests_cached: gauge('requests_cached', 'requests a day', 'Requests a zone answered from cache.', 'object_key'),
  requests_encrypted: gauge('requests_encrypted', 'requests a day', 'Requests a zone took over TLS.', 'object_key'),
  bandwidth_total: gauge('bandwidth_total', 'bytes a day', 'Bytes a zone served that day.', 'object_key'),
  bandwidth_cached: gauge('bandwidth_cached', 'bytes a day', 'Bytes a zone served from cache.', 'object_key'),
  threats_stopped: gauge('threats_stopped', 'threats a day', 'Threats a zone stopped that day.', 'object_key'),
  unique_visitors: gauge('unique_visitors', 'visitors a day', 'Distinct visitors of a zone that day.', 'object_key'),
  dr_vms_count: gauge('dr_vms_count', 'virtual machines', 'Virtual machines under disaster recovery protection.'),
  dr_vpgs_count: gauge('dr_vpgs_count', 'protection groups', 'Protection groups (VPGs) of the order.'),
  dr_provisioned_bytes: gauge('dr_provisioned_bytes', 'bytes', 'Recovery volume storage provisioned, all VMs.'),
  dr_used_bytes: gauge('dr_used_bytes', 'bytes', 'Recovery volume storage used, all VMs.'),
  dr_journal_used_bytes: gauge('dr_journal_used_bytes', 'bytes', 'Journal storage used, all VMs.'),
  dr_vpg_rpo_seconds: {
    ...gauge('dr_vpg_rpo_seconds', 'seconds', "A protection group's actual RPO.", 'object_key'),
    chart: 'peak',
  } satisfies MetricDef,
  dr_vpg_provisioned_bytes: gauge(
    'dr_vpg_provisioned_bytes',
    'bytes',
    'Storage provisioned for a protection group.',
    'object_key',
  ),
  dr_vpg_used_bytes: gauge('dr_vpg_used_bytes', 'bytes', "A protection group's recovery volumes used.", 'object_key'),
  dr_vpg_journal_used_bytes: gauge(
    'dr_vpg_journal_used_bytes',
    'bytes',
    "A protection group's journal used.",
    'object_key',
  ),
  dr_vm_rpo_seconds: {
    ...gauge('dr_vm_rpo_seconds', 'seconds', "A protected VM's actual RPO.", 'object_key'),
    chart: 'peak',
  } satisfies MetricDef,
  dr_vm_provisioned_bytes: gauge(
    'dr_vm_provisioned_bytes',
    'bytes',
    'Recovery volume storage provisioned for a VM.',
    'object_key',
  ),
  dr_vm_used_bytes: gauge('dr_vm_used_bytes', 'bytes', "A VM's recovery volumes used.", 'object_key'),
  dr_vm_journal_used_bytes: gauge('dr_vm_journal_used_bytes', 'bytes', "A VM's journal used.", 'object_key'),
  agent_node_count: gauge('agent_node_count', 'endpoints', 'Endpoints protected by a backup agent.'),
  agent_bytes_protected: gauge('agent_bytes_protected', 'bytes', 'Data protected by the backup agents, all endpoints.'),
  image_vm_count: gauge('image_vm_count', 'virtual machines', 'Machines under image-based backup.'),
  image_total_bytes: gauge('image_total_bytes', 'bytes', 'Local snapshot storage of all image-backed machines.'),
  agent_client_bytes_protected: gauge(
    'agent_client_bytes_protected',
    'bytes',
    "An agent client's protected data.",
    'object_key',
  ),
  agent_client_backups: {
    ...gauge('agent_client_backups', 'backups a day', 'Backups an agent client completed that day.', 'object_key'),
    chart: 'peak',
  } satisfies MetricDef,
  agent_client_failed_backups: {
    ...gauge(
      'agent_client_failed_backups',
      'backups a day',
      "An agent client's failed backups that day.",
      'object_key',
    ),
    chart: 'peak',
  } satisfies MetricDef,
  image_machine_storage_bytes: gauge(
    'image_machine_storage_bytes',
    'bytes',
    "An image-backed machine's local snapshot storage.",
    'object_key',
  ),
  image_machine_snapshots: {
    ...gauge('image_machine_snapshots', 'snapshots a day', 'Snapshots of a machine taken that day.', 'object_key'),
    chart: 'peak',
  } satisfies MetricDef,
  image_machine_missed_snapshots: {
    ...gauge(
      'image_machine_missed_snapshots',
      'snapshots a day',
      'Scheduled snapshots of a machine missed that day.',
      'object_key',
    ),
    chart: 'peak',
  } satisfies MetricDef,
} satisfies Record<string, MetricDef>;

export type MetricName = keyof typeof metrics;

/** Metric names that arrive as raw counters. */
export const isCounter = (metric: string) => (metrics as Record<string, MetricDef>)[metric]?.kind === 'counter';

export interface ObjectKind {
  /** The kind's name in the product-objects collection (snake_case). */
  kind: string;
  /** What its object_key (or component_key) is. */
  key: string;
}

export interface PageDef {
  title: string;
  /** The web page (under /portal/service/). */
  route: string;
  kinds: readonly ObjectKind[];
  series: readonly MetricDef[];
}

const m = metrics;

/** What each product page reads, by product controller. */
export const pages = {
  network: {
    title: 'Network service',
    route: 'network',
    kinds: [{ kind: 'network_interface', key: 'the SNMP interface id (snmpinterface_id)' }],
    series: [
      m.if_in_octets,
      m.if_out_octets,
      m.if_in_packets,
      m.if_out_packets,
      m.if_in_errors,
      m.if_out_errors,
      m.if_in_discards,
      m.if_out_discards,
    ],
  },
  ob: {
    title: 'Object storage',
    route: 'ob',
    kinds: [{ kind: 'storage_bucket', key: 'the bucket name' }],
    series: [m.size_bytes, m.objects, m.bucket_count],
  },
  'usage-based': {
    title: 'Usage-based service',
    route: 'usage-based',
    kinds: [{ kind: 'usage_component', key: 'the order component id (component_key)' }],
    series: [m.usage],
  },
  bs: {
    title: 'Backup as a service',
    route: 'bs',
    kinds: [{ kind: 'managed_backup', key: 'the resource id hash' }],
    series: [m.production_storage_bytes, m.local_storage_bytes],
  },
  ch: {
    title: 'Backup platform',
    route: 'ch',
    kinds: [],
    series: [m.backup_mgmt_objects, m.backup_storage_bytes, m.replication_storage_bytes],
  },
  cv: { title: 'Virtual machine backup', route: 'cv', kinds: [], series: [m.vm_count, m.used_bytes] },
  ed: {
    title: 'Endpoint detection',
    route: 'ed',
    kinds: [],
    series: [m.active_licenses, m.active_licenses_hw],
  },
  oc: {
    title: 'Open cloud',
    route: 'oc',
    kinds: [],
    series: [m.instance_count, m.instances_of_type, m.volume_storage_bytes, m.snap_storage_bytes],
  },
  'resource-pool': {
    title: 'Resource pool',
    route: 'resource-pool',
    kinds: [
      { kind: 'storage_profile', key: 'the storage profile name' },
      { kind: 'resource_pool_vm', key: 'the VM name' },
    ],
    series: [
      m.memory_bytes_used,
      m.memory_bytes_limit,
      m.cpu_hz_used,
      m.cpu_hz_limit,
      m.storage_bytes_used,
      m.storage_bytes_limit,
    ],
  },
  dd: {
    title: 'Web and app security',
    route: 'dd',
    kinds: [{ kind: 'security_zone', key: 'the zone name' }],
    series: [
      m.requests_total,
      m.requests_cached,
      m.requests_encrypted,
      m.bandwidth_total,
      m.bandwidth_cached,
      m.threats_stopped,
      m.unique_visitors,
    ],
  },
  ds: {
    title: 'Disaster recovery',
    route: 'ds',
    kinds: [
      { kind: 'dr_protection_group', key: 'the VPG name' },
      { kind: 'dr_vm', key: "the provider's VM id" },
    ],
    series: [
      m.dr_vms_count,
      m.dr_vpgs_count,
      m.dr_provisioned_bytes,
      m.dr_used_bytes,
      m.dr_journal_used_bytes,
      m.dr_vpg_rpo_seconds,
      m.dr_vpg_provisioned_bytes,
      m.dr_vpg_used_bytes,
      m.dr_vpg_journal_used_bytes,
      m.dr_vm_rpo_seconds,
      m.dr_vm_provisioned_bytes,
      m.dr_vm_used_bytes,
      m.dr_vm_journal_used_bytes,
    ],
  },
  eb: {
    title: 'Endpoint and image backup',
    route: 'eb',
    kinds: [
      { kind: 'endpoint_agent', key: 'the client name' },
      { kind: 'endpoint_image_machine', key: 'the VM name' },
    ],
    series: [
      m.agent_node_count,
      m.agent_bytes_protected,
      m.image_vm_count,
      m.image_total_bytes,
      m.agent_client_bytes_protected,
      m.agent_client_backups,
      m.agent_client_failed_backups,
      m.image_machine_storage_bytes,
      m.image_machine_snapshots,
      m.image_machine_missed_snapshots,
    ],
  },
} satisfies Record<string, PageDef>;

export type PageName = keyof typeof pages;
