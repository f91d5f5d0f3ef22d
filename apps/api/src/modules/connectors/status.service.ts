import type { ConnectorStatus } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { listSources, orderHasFailingSource } from './prometheus/prometheus.repository.ts';
import { listDevices } from './snmp/snmp.repository.ts';

/**
 * The connector status page (issue 13): every SNMP device and every Prometheus-compatible source, with
 * its last success, last error, points (devices) or queries (sources) in the last hour, next run, and
 * whether its last attempt failed, which makes the pages of the orders it feeds say their data is delayed.
 */

/** The last attempt failed: an error newer than the last success. */
export const isFailing = (s: { last_success_at: number | null; last_error_at: number | null }) =>
  s.last_error_at !== null && (s.last_success_at === null || s.last_error_at > s.last_success_at);

export async function connectorStatuses(deps: Pick<Deps, 'db' | 'clock'>): Promise<ConnectorStatus[]> {
  const now = deps.clock.now();
  const [devices, sources] = await Promise.all([listDevices(deps.db, now), listSources(deps.db, now)]);
  const uniqueSorted = (values: string[]) => [...new Set(values)].sort();
  return [
    ...devices.map((d): ConnectorStatus => ({
      kind: 'snmp',
      key: d.device_key,
      target: `${d.address}:${d.port}`,
      orders: uniqueSorted(d.interfaces.map((i) => i.order_number)),
      last_success_at: d.last_success_at,
      last_error: d.last_error,
      last_error_at: d.last_error_at,
      failing: isFailing(d),
      last_hour: d.points_last_hour,
      last_hour_unit: 'points',
      next_run_at: d.next_run_at,
    })),
    ...sources.map((s): ConnectorStatus => ({
      kind: 'prometheus',
      key: s.source_key,
      target: s.url,
      orders: uniqueSorted(s.series.map((x) => x.order_number)),
      last_success_at: s.last_success_at,
      last_error: s.last_error,
      last_error_at: s.last_error_at,
      failing: isFailing(s),
      last_hour: s.queries_last_hour,
      last_hour_unit: 'queries',
      next_run_at: null,
    })),
  ];
}

/** Whether a connector feeding this order (a device polled for it, a source answering its series) is failing. */
export async function orderDelayed(deps: Pick<Deps, 'db' | 'clock'>, baseOrderId: number): Promise<boolean> {
  const failing = await orderHasFailingSource(deps.db, baseOrderId);
  if (failing.sourceFailing || failing.orderNumber === null) return failing.sourceFailing;
  const devices = (await listDevices(deps.db, deps.clock.now())).filter(isFailing);
  return devices.some((d) => d.interfaces.some((i) => i.order_number === failing.orderNumber));
}
