import type { VpgStatus } from '@portal/contract';

import { formatCount, formatBytes } from '../../lib/formats.ts';

/** How the disaster recovery pages show their facts. */
export const drBytes = (v: number | null) => (v === null ? '—' : formatBytes(v, 1));
export const drSeconds = (v: number | null) => (v === null ? '—' : `${formatCount(v, 3)} s`);

export const vpgStatusLabel: Record<VpgStatus, string> = {
  meeting_sla: 'Meeting SLA',
  rpo_not_meeting_sla: 'RPO not meeting SLA',
  history_not_meeting_sla: 'History not meeting SLA',
  initializing: 'Initializing',
  failing_over: 'Failing over',
  paused: 'Paused',
};

/** The status badge colour: green when the group meets its SLA, red when it does not, else yellow. */
export const vpgStatusColor = (status: VpgStatus) =>
  status === 'meeting_sla' ? 'green' : status.endsWith('not_meeting_sla') ? 'red' : 'yellow';
