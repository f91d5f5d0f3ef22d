import type { AccountPlan, OrderRecord, SeedContext } from '../context.ts';
import { rng, type Random } from '../random.ts';
import { dailyRhythm } from '../series.ts';

/**
 * Web and app security (dd) demo data (decision 095): each zone of a demo customer's security order
 * is fed as a product object of kind security_zone (its DNS records, threat types, threat countries
 * and latest firewall events), the report a provider's edge network would send; its daily series
 * (requests_total, requests_cached, requests_encrypted, bandwidth_total, bandwidth_cached,
 * threats_stopped, unique_visitors, labelled with the zone name) go through the usage-data write path
 * with the other series (metrics.ts, from `zoneSeries` below). Only the demo companies have zones:
 * they always go through the upsert services; the generated companies' security orders have none.
 */

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The zones of a security order: none for generated companies, one on a 'light' plan, else 2 or 3. */
export function zoneNames(plan: AccountPlan, baseOrderId: number, light: boolean): string[] {
  if (!plan.demo) return [];
  const domain = `${plan.code.toLowerCase()}.example`;
  const all = [domain, `shop.${domain}`, `api.${domain}`];
  return light ? [domain] : all.slice(0, rng(`dd-zones:${baseOrderId}`).int(2, 3));
}

/** Daily series of each zone, sub-key = zone name (see metrics.ts). */
export function zoneSeries(r: Random, zones: readonly string[], times: readonly number[]): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const z of zones) {
    const requests = dailyRhythm(r, times, r.between(2e5, 4e6), 0.4);
    const bandwidth = requests.map((v) => Math.round(v * r.between(40e3, 90e3)));
    out[`requests_total:${z}`] = requests;
    out[`requests_cached:${z}`] = requests.map((v) => Math.round(v * r.between(0.45, 0.7)));
    out[`requests_encrypted:${z}`] = requests.map((v) => Math.round(v * r.between(0.9, 0.99)));
    out[`bandwidth_total:${z}`] = bandwidth;
    out[`bandwidth_cached:${z}`] = bandwidth.map((v) => Math.round(v * r.between(0.5, 0.75)));
    out[`threats_stopped:${z}`] = requests.map((v) => Math.round(v * r.between(0.001, 0.02)));
    out[`unique_visitors:${z}`] = requests.map((v) => Math.round(v / r.between(18, 30)));
  }
  return out;
}

const THREATS = [
  'user.ban.ctry',
  'user.ban.ip',
  'bic.ban.unknown',
  'macro.chl.captchaFail',
  'macro.chl.jschlErr',
  'user.ban.ipr24',
  'user.chl.captcha',
  'hot.ban.unknown',
];

const COUNTRIES: readonly (readonly [string, string])[] = [
  ['US', 'United States'],
  ['CN', 'China'],
  ['RU', 'Russia'],
  ['BR', 'Brazil'],
  ['IN', 'India'],
  ['DE', 'Germany'],
  ['VN', 'Vietnam'],
  ['NL', 'Netherlands'],
  ['ID', 'Indonesia'],
  ['FR', 'France'],
  ['UA', 'Ukraine'],
  ['GB', 'United Kingdom'],
  ['KR', 'South Korea'],
  ['TR', 'Turkey'],
];

const ACTIONS = ['block', 'challenge', 'jschallenge', 'managed_challenge', 'log'];

/** The security_zone item of one zone: the provider's latest report. */
function zoneItem(order: OrderRecord, zone: string, index: number, now: Date) {
  const r = rng(`dd-zone:${order.base_order_id}:${zone}`);
  const octet = (order.base_order_id % 200) + 20;
  const dns_records = [
    { dns_type: 'A' as const, dns_name: zone, content: `203.0.113.${octet + index}`, proxied: true },
    {
      dns_type: 'AAAA' as const,
      dns_name: zone,
      content: `2001:db8:${octet.toString(16)}::${index + 1}`,
      proxied: true,
    },
    { dns_type: 'CNAME' as const, dns_name: `www.${zone}`, content: zone, proxied: true },
    { dns_type: 'CNAME' as const, dns_name: `status.${zone}`, content: 'status-page.provider.example', proxied: false },
    { dns_type: 'MX' as const, dns_name: zone, content: `mail.${zone}`, proxied: false },
    { dns_type: 'NS' as const, dns_name: zone, content: 'ns1.edge.provider.example', proxied: false },
    { dns_type: 'NS' as const, dns_name: zone, content: 'ns2.edge.provider.example', proxied: false },
    {
      dns_type: 'TXT' as const,
      dns_name: zone,
      content: `v=spf1 ip4:203.0.113.0/24 include:_spf.mail.provider.example include:_spf.crm.example ~all`,
      proxied: false,
    },
    { dns_type: 'SRV' as const, dns_name: `_sip._tls.${zone}`, content: `10 5 5061 sip.${zone}`, proxied: false },
  ];
  const scale = r.between(2e3, 4e4);
  const threat_types = r
    .sample(THREATS, r.int(5, 7))
    .map((threat_type, i) => ({ threat_type, amount: Math.round((scale / (i + 1)) * r.between(0.8, 1.2)) }));
  const threat_countries = r.sample(COUNTRIES, r.int(8, 12)).map(([country_code, country_name], i) => ({
    country_code,
    country_name,
    amount: Math.round((scale / (i + 1.5)) * r.between(0.7, 1.3)),
  }));
  const end = now.getTime() / 1000;
  const firewall_events = Array.from({ length: r.int(25, 40) }, (_, i) => {
    const [, country_name] = r.pick(COUNTRIES);
    return {
      occurred_at: new Date((end - i * r.int(600, 3 * HOUR) - r.int(0, 600)) * 1000).toISOString(),
      action: r.pick(ACTIONS),
      ip: `${r.int(1, 223)}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`,
      country_name,
      host: r.pick([zone, `www.${zone}`, `${zone}`]),
    };
  }).filter((e) => Date.parse(e.occurred_at) / 1000 > end - 30 * DAY);
  return {
    order_number: order.order_number,
    kind: 'security_zone' as const,
    object_key: zone,
    attributes: { dns_records, threat_types, threat_countries, firewall_events },
  };
}

/**
 * Feeds the zones of a demo account's security orders (the ones its series are generated for: every
 * active one on a 'full' plan, the first on a 'light' one) through the product-objects upsert service.
 */
export async function addSecurityZones(ctx: SeedContext, plan: AccountPlan, orders: readonly OrderRecord[]) {
  if (!plan.demo) return;
  const active = orders.filter((o) => o.status === 'A' && o.controller === 'dd');
  const light = plan.metrics !== 'full';
  for (const order of light ? active.slice(0, 1) : active) {
    const zones = zoneNames(plan, order.base_order_id, light);
    for (const [i, zone] of zones.entries())
      await ctx.feed.send('product-objects', zoneItem(order, zone, i, ctx.now), ctx.now.getTime());
  }
}
