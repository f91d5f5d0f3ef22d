import type { EdOrder, EdStats } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { metrics } from '../metrics/index.ts';
import { seriesReader } from '../series/series.service.ts';
import { chargeOf, findProductOrder } from './products.repository.ts';

/**
 * How the endpoint detection answer is derived (the seed has no billing feed for it; see seed/metrics.ts):
 * - hasLicenses: the order has an 'EDR licences' component with a quantity above 0 (order_components).
 * - licenses_rate: that component's rate (its own, else its charge over its quantity), dollars per licence a
 *   month; 0 without it.
 * - active_licenses / active_licenses_hw: the latest daily point of active_licenses / active_licenses_hw;
 *   last_run_date is the time of the latest of those points.
 * - Stats: one chart table (license) with both series as columns.
 */
export function endpointDetectionService(deps: Deps) {
  const { db, clock } = deps;
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const series = seriesReader(deps, 'ed');
  const refs = [{ metric: metrics.active_licenses }, { metric: metrics.active_licenses_hw }];

  async function order(caller: Caller, baseOrderId: number) {
    const found = await findProductOrder(db, caller.userId, baseOrderId, 'ed');
    if (!found) throw notFound();
    return found;
  }

  return {
    async order(caller: Caller, baseOrderId: number): Promise<EdOrder> {
      const o = await order(caller, baseOrderId);
      const licences = chargeOf(o, 'EDR licences');
      const now = nowSeconds();
      const [active, activeHw] = await series.latest(o.base_order_id, refs, now);
      const runDate = await series.lastTime(o.base_order_id, refs, now);
      return {
        ...o,
        hasLicenses: licences !== undefined,
        active_licenses: active ?? 0,
        licenses_rate: licences?.rate ?? 0,
        active_licenses_hw: activeHw ?? 0,
        last_run_date: runDate,
      };
    },

    async stats(caller: Caller, input: { baseOrderId: number; startDate: number; endDate: number }): Promise<EdStats> {
      const o = await order(caller, input.baseOrderId);
      const license = await series.chart(
        o.base_order_id,
        [
          { metric: metrics.active_licenses, label: 'Active licences' },
          { metric: metrics.active_licenses_hw, label: 'Hardware-bound licences' },
        ],
        input.startDate,
        input.endDate,
      );
      return { license };
    },
  };
}
