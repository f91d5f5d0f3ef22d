import type { productsEb, ProductOrder } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOrLast } from '../../lib/paging.ts';
import type { Caller } from '../../lib/scope.ts';
import { metrics } from '../metrics/index.ts';
import { seriesReader, type Column } from '../series/series.service.ts';
import {
  findAgentClient,
  findAgentClients,
  findImageMachine,
  findImageMachines,
} from './endpoint-backup.repository.ts';
import { chargeOf, findProductOrder } from './products.repository.ts';

/** The billed components behind each flag (decision 097), by the start of their description. */
const component = {
  ea: 'Agent-based endpoint licences',
  em: 'Protected data',
  ei: 'Image-based machine backup',
  im: 'Image storage',
} as const;

interface Range {
  startDate: number;
  endDate: number;
}

/**
 * Endpoint backup page (decision 097). Which sections apply, the rates and the monthly amounts come
 * from the order's billed components (its rate, or its charge over its quantity; the amount is its
 * charge, decision 099); the counts and sizes are the latest points of the order's series; the agent clients and
 * image machines are the product objects of migration 080, their history the series labelled with
 * their key (modules/metrics/catalogue.ts, page eb).
 */
export function endpointBackupService(deps: Deps) {
  const { db, clock } = deps;
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const series = seriesReader(deps, 'eb');

  /** The caller's endpoint backup order, else NOT_FOUND with no data. */
  async function order(caller: Caller, baseOrderId: number): Promise<ProductOrder> {
    const found = await findProductOrder(db, caller.userId, baseOrderId, 'eb');
    if (!found) throw notFound();
    return found;
  }

  /** Which sections apply, and the billed rate and monthly charge of a component (decision 099). */
  function billing(o: ProductOrder) {
    const rate = (prefix: string) => chargeOf(o, prefix)?.rate ?? 0;
    const amount = (prefix: string) => chargeOf(o, prefix)?.mrc_charges ?? 0;
    const flags = {
      ea_applies: chargeOf(o, component.ea) !== undefined,
      em_applies: chargeOf(o, component.em) !== undefined,
      ei_applies: chargeOf(o, component.ei) !== undefined,
      im_applies: chargeOf(o, component.im) !== undefined,
    };
    return {
      flags,
      rate,
      amount,
      agent: flags.ea_applies || flags.em_applies,
      image: flags.ei_applies || flags.im_applies,
    };
  }

  const byKey = (key: string) => ({ object_key: key });

  return {
    async order(caller: Caller, baseOrderId: number): Promise<productsEb.EbOrder> {
      const o = await order(caller, baseOrderId);
      const b = billing(o);
      const now = nowSeconds();
      const agentRefs = [{ metric: metrics.agent_node_count }, { metric: metrics.agent_bytes_protected }];
      const imageRefs = [{ metric: metrics.image_vm_count }, { metric: metrics.image_total_bytes }];
      const [nodes, bytes, vms, total] = await series.latest(o.base_order_id, [...agentRefs, ...imageRefs], now);
      return {
        ...o,
        ...b.flags,
        agent: b.agent
          ? {
              node_count: nodes ?? 0,
              node_count_rate: b.rate(component.ea),
              node_count_amount: b.amount(component.ea),
              bytes_protected: bytes ?? 0,
              gb_protected_rate: b.rate(component.em),
              gb_protected_amount: b.amount(component.em),
              display_date: await series.lastTime(o.base_order_id, agentRefs, now),
            }
          : null,
        image: b.image
          ? {
              vm_count: vms ?? 0,
              vm_count_rate: b.rate(component.ei),
              vm_count_amount: b.amount(component.ei),
              total_bytes: total ?? 0,
              total_gb_rate: b.rate(component.im),
              total_gb_amount: b.amount(component.im),
              display_date: await series.lastTime(o.base_order_id, imageRefs, now),
            }
          : null,
      };
    },

    async stats(caller: Caller, input: Range & { baseOrderId: number }): Promise<productsEb.EbStats> {
      const o = await order(caller, input.baseOrderId);
      const b = billing(o);
      const chart = (columns: Column[]) => series.chart(o.base_order_id, columns, input.startDate, input.endDate);
      return {
        agent: b.agent
          ? {
              node_count: await chart([{ metric: metrics.agent_node_count, label: 'Endpoints' }]),
              bytes_protected: await chart([{ metric: metrics.agent_bytes_protected, label: 'Protected data' }]),
            }
          : null,
        image: b.image
          ? {
              vm_count: await chart([{ metric: metrics.image_vm_count, label: 'Machines' }]),
              total_bytes: await chart([{ metric: metrics.image_total_bytes, label: 'Local storage' }]),
            }
          : null,
      };
    },

    async agentClients(caller: Caller, input: { baseOrderId: number; page: number; perPage: number }) {
      const o = await order(caller, input.baseOrderId);
      return pageOrLast(input.page, input.perPage, (page) =>
        findAgentClients(db, o.base_order_id, page, input.perPage),
      );
    },

    async imageMachines(caller: Caller, input: { baseOrderId: number; page: number; perPage: number }) {
      const o = await order(caller, input.baseOrderId);
      return pageOrLast(input.page, input.perPage, (page) =>
        findImageMachines(db, o.base_order_id, page, input.perPage),
      );
    },

    async agentClient(caller: Caller, input: { baseOrderId: number; clientName: string }) {
      const o = await order(caller, input.baseOrderId);
      const found = await findAgentClient(db, o.base_order_id, input.clientName);
      if (!found) throw notFound();
      return found;
    },

    async agentClientStats(
      caller: Caller,
      input: Range & { baseOrderId: number; clientName: string },
    ): Promise<productsEb.AgentClientStats> {
      const client = await this.agentClient(caller, input);
      const key = byKey(client.client_name);
      const chart = (columns: Column[]) => series.chart(input.baseOrderId, columns, input.startDate, input.endDate);
      return {
        bytes_protected: await chart([
          { metric: metrics.agent_client_bytes_protected, labels: key, label: 'Protected data' },
        ]),
        backups: await chart([
          { metric: metrics.agent_client_backups, labels: key, label: 'Completed' },
          { metric: metrics.agent_client_failed_backups, labels: key, label: 'Failed' },
        ]),
      };
    },

    async imageMachine(caller: Caller, input: { baseOrderId: number; vmName: string }) {
      const o = await order(caller, input.baseOrderId);
      const found = await findImageMachine(db, o.base_order_id, input.vmName);
      if (!found) throw notFound();
      return found;
    },

    async imageMachineStats(
      caller: Caller,
      input: Range & { baseOrderId: number; vmName: string },
    ): Promise<productsEb.ImageMachineStats> {
      const machine = await this.imageMachine(caller, input);
      const key = byKey(machine.vm_name);
      const chart = (columns: Column[]) => series.chart(input.baseOrderId, columns, input.startDate, input.endDate);
      return {
        local_storage: await chart([
          { metric: metrics.image_machine_storage_bytes, labels: key, label: 'Local storage' },
        ]),
        snapshots: await chart([
          { metric: metrics.image_machine_snapshots, labels: key, label: 'Taken' },
          { metric: metrics.image_machine_missed_snapshots, labels: key, label: 'Missed' },
        ]),
      };
    },
  };
}
