import type { FastifyReply } from 'fastify';

import type {
  ChartData,
  DsObjectStats,
  DsOrder,
  DsStats,
  DsVm,
  DsVmDetail,
  DsVpg,
  ProductOrder,
} from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { csvRecord, sendCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { toPage } from '../../lib/paging.ts';
import type { Caller } from '../../lib/scope.ts';
import { metrics, type MetricDef } from '../metrics/index.ts';
import { seriesReader } from '../series/series.service.ts';
import {
  countObjects,
  findCallerVm,
  findCallerVpg,
  findVms,
  findVpgs,
  type VmRow,
} from './disaster-recovery.repository.ts';
import { findComponents, findProductOrder } from './products.repository.ts';

/** RPO charts drawn at most on the order's page (one line per protection group). */
const maxRpoLines = 10;

const round4 = (v: number) => Math.round(v * 10000) / 10000;

/** The series of one protection group or VM (object_key = its key), in the order of the answers' fields. */
const objectSeries = {
  vpg: [
    metrics.dr_vpg_rpo_seconds,
    metrics.dr_vpg_provisioned_bytes,
    metrics.dr_vpg_used_bytes,
    metrics.dr_vpg_journal_used_bytes,
  ],
  vm: [
    metrics.dr_vm_rpo_seconds,
    metrics.dr_vm_provisioned_bytes,
    metrics.dr_vm_used_bytes,
    metrics.dr_vm_journal_used_bytes,
  ],
} as const;

type Range = { startDate: number; endDate: number };

/**
 * Disaster recovery page (decision 096). Objects: dr_protection_groups and dr_vms, fed through the
 * product-objects collection (name, group, configured RPO, status, last test). Series (modules/metrics,
 * catalogue page 'ds'): per order dr_vms_count, dr_vpgs_count, dr_provisioned_bytes, dr_used_bytes,
 * dr_journal_used_bytes; per protection group and per VM (object_key) the actual RPO, provisioned, used
 * and journal bytes. per_vm_rate is the 'Protected virtual machines' component's charge over its quantity.
 */
export function disasterRecoveryService(deps: Deps) {
  const { db, clock } = deps;
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const series = seriesReader(deps, 'ds');

  /** The caller's disaster recovery order, else NOT_FOUND with no data. */
  async function order(caller: Caller, baseOrderId: number): Promise<ProductOrder> {
    const found = await findProductOrder(db, caller.userId, baseOrderId, 'ds');
    if (!found) throw notFound();
    return found;
  }

  /** Latest RPO, provisioned, used and journal of objects of one kind, four values per object. */
  async function latestOf(baseOrderId: number, kind: keyof typeof objectSeries, keys: readonly string[]) {
    const refs = keys.flatMap((key) => objectSeries[kind].map((metric) => ({ metric, labels: { object_key: key } })));
    const values = refs.length ? await series.latest(baseOrderId, refs, nowSeconds()) : [];
    return keys.map((_, i) => {
      const [rpo = null, provisioned = null, used = null, journal = null] = values.slice(4 * i, 4 * i + 4);
      return { rpo, provisioned, used, journal };
    });
  }

  async function vmsWithFacts(baseOrderId: number, rows: readonly VmRow[]): Promise<DsVm[]> {
    const facts = await latestOf(
      baseOrderId,
      'vm',
      rows.map((r) => r.object_key),
    );
    return rows.map((r, i) => ({
      vm_id: r.vm_id,
      vm_name: r.vm_name,
      vpg_id: r.vpg_id,
      vpg: r.vpg,
      actual_rpo: facts[i]?.rpo ?? null,
      journal_size_used: facts[i]?.journal ?? null,
      provisioned_storage: facts[i]?.provisioned ?? null,
      used_storage: facts[i]?.used ?? null,
    }));
  }

  /** Storage and RPO charts of one object (its series labelled with its key). */
  async function objectStats(
    baseOrderId: number,
    kind: keyof typeof objectSeries,
    key: string,
    range: Range,
  ): Promise<DsObjectStats> {
    const [rpo, provisioned, used, journal] = objectSeries[kind] as readonly MetricDef[];
    const labels = { object_key: key };
    const chart = (columns: { metric: MetricDef | undefined; label: string }[]) =>
      series.chart(
        baseOrderId,
        columns.map((c) => ({ metric: c.metric as MetricDef, labels, label: c.label })),
        range.startDate,
        range.endDate,
      );
    return {
      storage: await chart([
        { metric: provisioned, label: 'Provisioned' },
        { metric: used, label: 'Used' },
        { metric: journal, label: 'Journal' },
      ]),
      rpo: await chart([{ metric: rpo, label: 'Actual RPO' }]),
    };
  }

  /** The protection group vpgId names in this order, else NOT_FOUND. */
  async function vpgOfOrder(caller: Caller, baseOrderId: number, vpgId: number | undefined) {
    if (vpgId === undefined) return;
    const vpg = await findCallerVpg(db, caller.userId, vpgId);
    if (!vpg || vpg.base_order_id !== baseOrderId) throw notFound();
  }

  return {
    async order(caller: Caller, baseOrderId: number): Promise<DsOrder> {
      const o = await order(caller, baseOrderId);
      const [counts, vpgs, components] = [
        await countObjects(db, o.base_order_id),
        await findVpgs(db, o.base_order_id),
        await findComponents(db, o.base_order_id),
      ];
      const refs = [metrics.dr_provisioned_bytes, metrics.dr_used_bytes, metrics.dr_journal_used_bytes].map(
        (metric) => ({ metric }),
      );
      const [provisioned, used, journal] = await series.latest(o.base_order_id, refs, nowSeconds());
      const vmComponent = components.find(
        (c) => c.description.startsWith('Protected virtual machines') && Number(c.quantity) > 0,
      );
      return {
        ...o,
        vms_count: counts.vms,
        vpgs_count: counts.vpgs,
        recovery_volumes_provisioned_storage: provisioned ?? 0,
        recovery_volumes_used_storage: used ?? 0,
        recovery_journal_used_storage: journal ?? 0,
        per_vm_rate: vmComponent ? round4(Number(vmComponent.mrc_charges) / Number(vmComponent.quantity)) : 0,
        run_date: await series.lastTime(o.base_order_id, refs, nowSeconds()),
        vpgs: vpgs.map((g) => ({ vpg_id: g.vpg_id, vpg_name: g.vpg_name, vms_count: g.vms_count, status: g.status })),
      };
    },

    async stats(caller: Caller, input: { baseOrderId: number } & Range): Promise<DsStats> {
      const o = await order(caller, input.baseOrderId);
      const chart = (
        columns: { metric: MetricDef; label: string; labels?: { object_key: string } }[],
      ): Promise<ChartData> => series.chart(o.base_order_id, columns, input.startDate, input.endDate);
      const vpgs = (await findVpgs(db, o.base_order_id)).slice(0, maxRpoLines);
      return {
        storage: await chart([
          { metric: metrics.dr_provisioned_bytes, label: 'Provisioned' },
          { metric: metrics.dr_used_bytes, label: 'Used' },
          { metric: metrics.dr_journal_used_bytes, label: 'Journal' },
        ]),
        counts: await chart([
          { metric: metrics.dr_vms_count, label: 'VMs' },
          { metric: metrics.dr_vpgs_count, label: 'Protection groups' },
        ]),
        rpo: await chart(
          vpgs.map((g) => ({
            metric: metrics.dr_vpg_rpo_seconds,
            labels: { object_key: g.vpg_name },
            label: g.vpg_name,
          })),
        ),
      };
    },

    async vms(
      caller: Caller,
      input: { baseOrderId: number; vpgId?: number | undefined; page: number; perPage: number },
    ) {
      const o = await order(caller, input.baseOrderId);
      await vpgOfOrder(caller, o.base_order_id, input.vpgId);
      const rows = await findVms(db, o.base_order_id, input.vpgId, input);
      const page = toPage(rows, input.page, input.perPage);
      return { ...page, data: await vmsWithFacts(o.base_order_id, rows) };
    },

    async vmsCsv(caller: Caller, input: { baseOrderId: number; vpgId?: number | undefined }, reply: FastifyReply) {
      const o = await order(caller, input.baseOrderId);
      await vpgOfOrder(caller, o.base_order_id, input.vpgId);
      const vms = await vmsWithFacts(o.base_order_id, await findVms(db, o.base_order_id, input.vpgId));
      if (vms.length === 0) throw notFound('There are no VMs to download.');
      const records = [
        csvRecord([
          'VM',
          'Protection group',
          'Actual RPO (seconds)',
          'Journal used (bytes)',
          'Provisioned storage (bytes)',
          'Used storage (bytes)',
        ]),
      ];
      for (const vm of vms)
        records.push(
          csvRecord([vm.vm_name, vm.vpg, vm.actual_rpo, vm.journal_size_used, vm.provisioned_storage, vm.used_storage]),
        );
      return sendCsv(reply, `disaster-recovery-vms-${o.base_order_id}.csv`, [records.join('')]);
    },

    async vpg(caller: Caller, vpgId: number): Promise<DsVpg> {
      const g = await findCallerVpg(db, caller.userId, vpgId);
      if (!g) throw notFound();
      const [facts] = await latestOf(g.base_order_id, 'vpg', [g.vpg_name]);
      return {
        ...g,
        actual_rpo: facts?.rpo ?? null,
        provisioned_storage: facts?.provisioned ?? null,
        used_storage: facts?.used ?? null,
        journal_used_storage: facts?.journal ?? null,
      };
    },

    async vpgStats(caller: Caller, input: { vpgId: number } & Range) {
      const g = await findCallerVpg(db, caller.userId, input.vpgId);
      if (!g) throw notFound();
      return objectStats(g.base_order_id, 'vpg', g.vpg_name, input);
    },

    async vm(caller: Caller, vmId: number): Promise<DsVmDetail> {
      const v = await findCallerVm(db, caller.userId, vmId);
      if (!v) throw notFound();
      const [vm] = await vmsWithFacts(v.base_order_id, [v]);
      return { ...(vm as DsVm), base_order_id: v.base_order_id, configured_rpo: v.configured_rpo };
    },

    async vmStats(caller: Caller, input: { vmId: number } & Range) {
      const v = await findCallerVm(db, caller.userId, input.vmId);
      if (!v) throw notFound();
      return objectStats(v.base_order_id, 'vm', v.object_key, input);
    },
  };
}
