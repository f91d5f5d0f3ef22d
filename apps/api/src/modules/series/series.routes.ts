import type { FastifyInstance } from 'fastify';

import { chartCsv, metrics as contract } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { sendCsv } from '../../lib/csv.ts';
import { route } from '../../plugins/route.ts';
import { dataFreshnessOf, exportSeries } from './series.service.ts';

/** The product pages' data freshness call (their charts are read by the products module's services). */
export async function seriesRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, contract.getDataFreshness, ({ caller, input }) => dataFreshnessOf(deps, caller, input.baseOrderId));
  // The customer's usage export (issue 33): one series at a chosen step, as JSON or CSV.
  route(app, deps, contract.exportSeries, async ({ caller, input }) => (await exportSeries(deps, caller, input)).table);
  route(app, deps, contract.downloadSeries, async ({ caller, input, reply }) => {
    const { table, unit, name } = await exportSeries(deps, caller, input);
    const [header = [], ...rows] = table;
    const csv = chartCsv({ names: header.slice(1).map(String), rows: rows as [number, ...(number | null)[]][] }, unit);
    return sendCsv(reply, `${name.replace(/[^\w.-]+/g, '-')}-${input.start}-${input.end}.csv`, [csv]);
  });
}
