import type { EdOrder, EdStats } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { readChart } from '../../lib/chart-data.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { findProductOrder, latestValues } from './products.repository.ts';

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * How the endpoint detection answer is derived (the seed has no billing feed for it; see db/seed/metrics.ts):
 * - hasLicenses: the order has an 'EDR licences' component with a quantity above 0 (order_components).
 * - licenses_rate: that component's mrc_charges over its quantity, dollars per licence a month; 0 without it.
 * - active_licenses / active_licenses_hw: the latest daily point of active_licenses / active_licenses_hw;
 *   last_run_date is the time of the latest of those points.
 * - Stats: one chart table (license) with both series as columns.
 */
export function endpointDetectionService({ db, clock }: Deps) {
  const nowSeconds = () => Math.floor(clock.now() / 1000);

  async function order(caller: Caller, baseOrderId: number) {
    const found = await findProductOrder(db, caller.userId, baseOrderId, 'ed');
    if (!found) throw notFound();
    return found;
  }

  return {
    async order(caller: Caller, baseOrderId: number): Promise<EdOrder> {
      const o = await order(caller, baseOrderId);
      const rows = await db.query<{ description: string; quantity: number; mrc_charges: number }>(
        `SELECT description, quantity, mrc_charges FROM order_components WHERE base_order_id = $1 ORDER BY sort_order, component_id`,
        [o.base_order_id],
      );
      const licences = rows.find((r) => r.description.startsWith('EDR licences') && Number(r.quantity) > 0);
      const now = nowSeconds();
      const series = ['active_licenses', 'active_licenses_hw'];
      const latest = await latestValues(db, o.base_order_id, series, now);
      const runDate = await db.one<{ ts: number | null }>(
        `SELECT extract(epoch FROM max(ts))::bigint AS ts FROM metric_points
          WHERE base_order_id = $1 AND series = ANY($2::text[]) AND ts <= to_timestamp($3)`,
        [o.base_order_id, series, now],
      );
      return {
        ...o,
        hasLicenses: licences !== undefined,
        active_licenses: latest.get('active_licenses') ?? 0,
        licenses_rate: licences ? round4(Number(licences.mrc_charges) / Number(licences.quantity)) : 0,
        active_licenses_hw: latest.get('active_licenses_hw') ?? 0,
        last_run_date: runDate?.ts === null || runDate?.ts === undefined ? null : Number(runDate.ts),
      };
    },

    async stats(caller: Caller, input: { baseOrderId: number; startDate: number; endDate: number }): Promise<EdStats> {
      const o = await order(caller, input.baseOrderId);
      const license = await readChart(
        db,
        o.base_order_id,
        [
          { series: 'active_licenses', label: 'Active licences' },
          { series: 'active_licenses_hw', label: 'Hardware-bound licences' },
        ],
        input.startDate,
        input.endDate,
      );
      return { license };
    },
  };
}
