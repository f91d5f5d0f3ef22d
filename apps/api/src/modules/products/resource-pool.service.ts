import type { FastifyReply } from 'fastify';

import { productsRp, type ProductOrder } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { csvRecord, sendCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { toPage } from '../../lib/paging.ts';
import type { Caller } from '../../lib/scope.ts';
import { metrics } from '../metrics/index.ts';
import { seriesReader, type SeriesRef } from '../series/series.service.ts';
import { findProductOrder } from './products.repository.ts';
import { findStorageProfiles, findVms, type VmSearch } from './resource-pool.repository.ts';

const profileTitle = (p: string) => `Storage: ${p.charAt(0).toUpperCase()}${p.slice(1)}`;

/** Resource pool page (series: header of seed/metrics.ts; VMs: resource_pool_vms; profiles: storage_profiles). */
export function resourcePoolService(deps: Deps) {
  const { db, clock } = deps;
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const series = seriesReader(deps, 'resource-pool');

  /** The caller's resource pool order, else NOT_FOUND with no data. */
  async function order(caller: Caller, baseOrderId: number): Promise<ProductOrder> {
    const found = await findProductOrder(db, caller.userId, baseOrderId, 'resource-pool');
    if (!found) throw notFound();
    return found;
  }

  /** The storage profiles of an order: its storage_profile objects (decision 098), charted by their series. */
  const profiles = (baseOrderId: number) => findStorageProfiles(db, baseOrderId);
  const profile = (name: string) => ({ object_key: name });

  return {
    async order(caller: Caller, baseOrderId: number) {
      const o = await order(caller, baseOrderId);
      const names = await profiles(o.base_order_id);
      const refs: SeriesRef[] = [
        { metric: metrics.memory_bytes_used },
        { metric: metrics.memory_bytes_limit },
        { metric: metrics.cpu_hz_used },
        { metric: metrics.cpu_hz_limit },
        ...names.flatMap((p) => [
          { metric: metrics.storage_bytes_used, labels: profile(p) },
          { metric: metrics.storage_bytes_limit, labels: profile(p) },
        ]),
      ];
      const latest = (await series.latest(o.base_order_id, refs, nowSeconds())).map((v) => v ?? 0);
      return {
        ...o,
        memory_bytes_used: latest[0] ?? 0,
        memory_bytes_limit: latest[1] ?? 0,
        cpu_hz_used: latest[2] ?? 0,
        cpu_hz_limit: latest[3] ?? 0,
        storage_profiles: names.map((name, i) => ({
          name,
          bytes_used: latest[4 + 2 * i] ?? 0,
          bytes_limit: latest[5 + 2 * i] ?? 0,
        })),
      };
    },

    async stats(caller: Caller, input: { baseOrderId: number; start: number; end: number }) {
      const o = await order(caller, input.baseOrderId);
      const charts = [
        {
          key: 'memory',
          title: 'Memory',
          unit: 'bytes' as const,
          used: { metric: metrics.memory_bytes_used },
          limit: { metric: metrics.memory_bytes_limit },
        },
        {
          key: 'cpu',
          title: 'Compute',
          unit: 'hertz' as const,
          used: { metric: metrics.cpu_hz_used },
          limit: { metric: metrics.cpu_hz_limit },
        },
        ...(await profiles(o.base_order_id)).map((p) => ({
          key: `storage:${p}`,
          title: profileTitle(p),
          unit: 'bytes' as const,
          used: { metric: metrics.storage_bytes_used, labels: profile(p) },
          limit: { metric: metrics.storage_bytes_limit, labels: profile(p) },
        })),
      ].slice(0, productsRp.maxResourcePoolCharts);
      return Promise.all(
        charts.map(async (m) => ({
          key: m.key,
          title: m.title,
          unit: m.unit,
          chartData: await series.chart(
            o.base_order_id,
            [
              { ...m.used, label: 'Used' },
              { ...m.limit, label: 'Limit' },
            ],
            input.start,
            input.end,
          ),
        })),
      );
    },

    async vms(caller: Caller, input: VmSearch & { baseOrderId: number; page: number; perPage: number }) {
      const o = await order(caller, input.baseOrderId);
      return toPage(await findVms(db, o.base_order_id, input, input), input.page, input.perPage);
    },

    async vmsCsv(caller: Caller, input: VmSearch & { baseOrderId: number }, reply: FastifyReply) {
      const o = await order(caller, input.baseOrderId);
      const rows = await findVms(db, o.base_order_id, input);
      if (rows.length === 0) throw notFound('There are no VMs to download.');
      const records = [csvRecord(['Name', 'Memory (bytes)', 'Number of CPUs'])];
      for (const vm of rows) records.push(csvRecord([vm.name, vm.memory_bytes, vm.number_of_cpus]));
      return sendCsv(reply, `resource-pool-vms-${o.base_order_id}.csv`, [records.join('')]);
    },
  };
}
