import type { FastifyReply } from 'fastify';

import { productsRp, type ProductOrder } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { readChart } from '../../lib/chart-data.ts';
import { csvRecord, sendCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { toPage } from '../../lib/paging.ts';
import type { Caller } from '../../lib/scope.ts';
import { findProductOrder, latestValues, seriesNames } from './products.repository.ts';
import { findVms, type VmSearch } from './resource-pool.repository.ts';

const profileTitle = (p: string) => `Storage: ${p.charAt(0).toUpperCase()}${p.slice(1)}`;

/** Resource pool page (series: header of db/seed/metrics.ts; VMs: resource_pool_vms). */
export function resourcePoolService({ db, clock }: Deps) {
  const nowSeconds = () => Math.floor(clock.now() / 1000);

  /** The caller's resource pool order, else NOT_FOUND with no data. */
  async function order(caller: Caller, baseOrderId: number): Promise<ProductOrder> {
    const found = await findProductOrder(db, caller.userId, baseOrderId, 'resource-pool');
    if (!found) throw notFound();
    return found;
  }

  /** The storage profiles of an order: the sub-keys of storage_bytes_used:*. */
  async function profiles(baseOrderId: number) {
    const prefix = 'storage_bytes_used:';
    return (await seriesNames(db, baseOrderId, prefix)).map((r) => r.series.slice(prefix.length));
  }

  return {
    async order(caller: Caller, baseOrderId: number) {
      const o = await order(caller, baseOrderId);
      const names = await profiles(o.base_order_id);
      const series = [
        'memory_bytes_used',
        'memory_bytes_limit',
        'cpu_hz_used',
        'cpu_hz_limit',
        ...names.flatMap((p) => [`storage_bytes_used:${p}`, `storage_bytes_limit:${p}`]),
      ];
      const latest = await latestValues(db, o.base_order_id, series, nowSeconds());
      return {
        ...o,
        memory_bytes_used: latest.get('memory_bytes_used') ?? 0,
        memory_bytes_limit: latest.get('memory_bytes_limit') ?? 0,
        cpu_hz_used: latest.get('cpu_hz_used') ?? 0,
        cpu_hz_limit: latest.get('cpu_hz_limit') ?? 0,
        storage_profiles: names.map((name) => ({
          name,
          bytes_used: latest.get(`storage_bytes_used:${name}`) ?? 0,
          bytes_limit: latest.get(`storage_bytes_limit:${name}`) ?? 0,
        })),
      };
    },

    async stats(caller: Caller, input: { baseOrderId: number; start: number; end: number }) {
      const o = await order(caller, input.baseOrderId);
      const metrics = [
        {
          key: 'memory',
          title: 'Memory',
          unit: 'bytes' as const,
          used: 'memory_bytes_used',
          limit: 'memory_bytes_limit',
        },
        { key: 'cpu', title: 'Compute', unit: 'hertz' as const, used: 'cpu_hz_used', limit: 'cpu_hz_limit' },
        ...(await profiles(o.base_order_id)).map((p) => ({
          key: `storage:${p}`,
          title: profileTitle(p),
          unit: 'bytes' as const,
          used: `storage_bytes_used:${p}`,
          limit: `storage_bytes_limit:${p}`,
        })),
      ].slice(0, productsRp.maxResourcePoolCharts);
      return Promise.all(
        metrics.map(async (m) => ({
          key: m.key,
          title: m.title,
          unit: m.unit,
          chartData: await readChart(
            db,
            o.base_order_id,
            [
              { series: m.used, label: 'Used' },
              { series: m.limit, label: 'Limit' },
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
