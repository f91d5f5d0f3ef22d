import { productsDd } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { metrics } from '../metrics/index.ts';
import { seriesReader } from '../series/series.service.ts';
import { findProductOrder } from './products.repository.ts';
import { findZone, findZoneName, findZones } from './web-security.repository.ts';

const DAY = 86400;

/**
 * The web and app security page (decision 095). A zone is an object of kind security_zone
 * (dd_zones, fed through product-objects); its daily series (requests_total, requests_cached,
 * requests_encrypted, bandwidth_total, bandwidth_cached, threats_stopped, unique_visitors) are
 * labelled object_key = the zone name. Totals are the sums of the daily points of the 30 days ending
 * now; uncached = total - cached; the lists are the zone's attributes as the provider last sent them.
 */
export function webSecurityService(deps: Deps) {
  const { db, clock } = deps;
  const series = seriesReader(deps, 'dd');
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const window = () => {
    const end = nowSeconds();
    return { start: end - productsDd.usageDays * DAY, end };
  };
  const of = (zone: string) => ({ object_key: zone });

  async function order(caller: Caller, baseOrderId: number) {
    const found = await findProductOrder(db, caller.userId, baseOrderId, 'dd');
    if (!found) throw notFound();
    return found;
  }

  /** The zone of one of the caller's orders, else NOT_FOUND. */
  async function zoneOf(caller: Caller, baseOrderId: number, zoneId: number) {
    const o = await order(caller, baseOrderId);
    const zone = await findZoneName(db, o.base_order_id, zoneId);
    if (!zone) throw notFound();
    return { o, zone };
  }

  async function zoneTotals(baseOrderId: number, zone: { zone_id: number; name: string }) {
    const { start, end } = window();
    const [threats, requests, visitors, bandwidth] = await series.sums(
      baseOrderId,
      [metrics.threats_stopped, metrics.requests_total, metrics.unique_visitors, metrics.bandwidth_total].map(
        (metric) => ({ metric, labels: of(zone.name) }),
      ),
      start,
      end,
    );
    return {
      zone_id: zone.zone_id,
      name: zone.name,
      threats_stopped: threats ?? 0,
      requests_total: requests ?? 0,
      unique_visitors: visitors ?? 0,
      bandwidth_total: bandwidth ?? 0,
    };
  }

  return {
    async zones(caller: Caller, baseOrderId: number): Promise<productsDd.DdZones> {
      const o = await order(caller, baseOrderId);
      const zones = [];
      for (const z of await findZones(db, o.base_order_id)) zones.push(await zoneTotals(o.base_order_id, z));
      return { ...o, zones };
    },

    async order(caller: Caller, input: { baseOrderId: number; zoneId: number }): Promise<productsDd.DdOrder> {
      const o = await order(caller, input.baseOrderId);
      const zone = await findZone(db, o.base_order_id, input.zoneId);
      if (!zone) throw notFound();
      const { start, end } = window();
      const [total, cached, encrypted, bandwidth, bandwidthCached, threats] = await series.sums(
        o.base_order_id,
        [
          metrics.requests_total,
          metrics.requests_cached,
          metrics.requests_encrypted,
          metrics.bandwidth_total,
          metrics.bandwidth_cached,
          metrics.threats_stopped,
        ].map((metric) => ({ metric, labels: of(zone.name) })),
        start,
        end,
      );
      const n = (v: number | undefined) => v ?? 0;
      return {
        ...o,
        zone: await zoneTotals(o.base_order_id, zone),
        usage_start: start,
        usage_end: end,
        usage: {
          threats_stopped: n(threats),
          requests_total: n(total),
          requests_cached: n(cached),
          requests_uncached: Math.max(0, n(total) - n(cached)),
          requests_encrypted: n(encrypted),
          bandwidth_total: n(bandwidth),
          bandwidth_cached: n(bandwidthCached),
          bandwidth_uncached: Math.max(0, n(bandwidth) - n(bandwidthCached)),
        },
        threat_types: [...zone.threat_types]
          .sort((a, b) => b.amount - a.amount || a.threat_type.localeCompare(b.threat_type))
          .slice(0, productsDd.topThreatTypes),
        dns_records: zone.dns_records.map((r) => ({ ...r, zone_name: zone.name })),
        firewall_events: zone.firewall_events
          .map((e) => ({ ...e, occurred_at: Math.floor(Date.parse(e.occurred_at) / 1000) }))
          .sort((a, b) => b.occurred_at - a.occurred_at),
      };
    },

    async stats(
      caller: Caller,
      input: { baseOrderId: number; zoneId: number; startDate: number; endDate: number },
    ): Promise<productsDd.DdStats> {
      const { o, zone } = await zoneOf(caller, input.baseOrderId, input.zoneId);
      const labels = of(zone.name);
      const requests = await series.chart(
        o.base_order_id,
        [
          { metric: metrics.requests_encrypted, labels, label: 'Encrypted' },
          { metric: metrics.requests_total, labels, label: 'Total' },
        ],
        input.startDate,
        input.endDate,
      );
      // Unencrypted = total - encrypted, per row (null where either is missing).
      const [, ...rows] = requests;
      const traffic = [
        ['Time', 'Encrypted', 'Unencrypted'],
        ...rows.map(([time, enc, total]) => [
          time ?? null,
          enc ?? null,
          typeof enc === 'number' && typeof total === 'number' ? Math.max(0, total - enc) : null,
        ]),
      ];
      const visitors = await series.chart(
        o.base_order_id,
        [{ metric: metrics.unique_visitors, labels, label: 'Visitors' }],
        input.startDate,
        input.endDate,
      );
      return { traffic, visitors };
    },

    async threatCountries(caller: Caller, input: { baseOrderId: number; zoneId: number }) {
      const o = await order(caller, input.baseOrderId);
      const zone = await findZone(db, o.base_order_id, input.zoneId);
      if (!zone) throw notFound();
      return [...zone.threat_countries]
        .sort((a, b) => b.amount - a.amount || a.country_name.localeCompare(b.country_name))
        .slice(0, productsDd.topThreatCountries);
    },
  };
}
