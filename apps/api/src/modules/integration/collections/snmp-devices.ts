import type { FieldErrors, integration } from '@portal/contract';

import { refusedAddressMessage, refusesSaved } from '../../../lib/outbound.ts';
import { saveDevice } from '../../connectors/snmp/devices.service.ts';
import { pages } from '../../metrics/catalogue.ts';
import { findOrder } from './product-objects.repository.ts';
import { reject, type Upsert } from './upsert.ts';

const noOrder = 'No order has this number.';
const noInterfaces = "This order's product page shows no network interfaces.";

/** The product controllers whose page shows network interfaces (the metrics catalogue). */
const interfacePages = new Set(
  Object.entries(pages as Record<string, { kinds: readonly { kind: string }[] }>)
    .filter(([, page]) => page.kinds.some((k) => k.kind === 'network_interface'))
    .map(([controller]) => controller),
);

/**
 * snmp-devices by device_key (issue 13, decision 100): every interface names an order whose page shows
 * network interfaces; the community or v3 keys are sealed with the configuration's CONNECTOR_KEY;
 * a literal address OUTBOUND_ALLOW refuses is refused (a name, when it is polled; decision 113).
 */
export const upsertSnmpDeviceItem: Upsert<integration.SnmpDeviceItem> = async (db, item, ctx) => {
  if (!ctx.deps) throw new Error('snmp-devices: the connector key comes from the configuration (deps)');
  const errors: FieldErrors = {};
  if (refusesSaved(ctx.deps.env.OUTBOUND_ALLOW, item.address)) errors.address = [refusedAddressMessage];
  const checked = new Map<string, string | null>();
  for (const [n, i] of item.interfaces.entries()) {
    if (!checked.has(i.order_number)) {
      const order = await findOrder(db, i.order_number);
      checked.set(
        i.order_number,
        !order ? noOrder : interfacePages.has(order.product_controller) ? null : noInterfaces,
      );
    }
    const problem = checked.get(i.order_number);
    if (problem) errors[`interfaces.${n}.order_number`] = [problem];
  }
  if (Object.keys(errors).length) throw reject(errors);
  return { status: await saveDevice(db, ctx.deps.env.CONNECTOR_KEY, item, ctx.nowMs) };
};
