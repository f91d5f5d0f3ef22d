import { z } from 'zod';

import { defineCall } from './call.ts';
import { id } from './fields.ts';
import { chartData, epochSeconds, productOrder, rangeCheck } from './products.ts';

/* ------------------------------------------------------------------------------------------------
 * Web and app security (dd) page (spec services.md sections 2, 3, 4, 7 and 9; decision 095):
 * /service/dd/{baseOrderId}/{zoneId?}. A zone's totals are over the 30 days ending now; its lists
 * (threat types, threat countries, DNS records, firewall events) are the provider's latest report.
 * Requests and bandwidth are daily totals; bandwidth in bytes.
 * ---------------------------------------------------------------------------------------------- */

const orderCodes = ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'] as const;

/** The totals of a page are over this many days ending now. */
export const usageDays = 30;
/** Threat types shown (spec section 9: top 5). */
export const topThreatTypes = 5;
/** Threat countries shown in the ranked list. */
export const topThreatCountries = 10;
/** DNS values longer than this are cut, with an expandable full value (spec section 9). */
export const dnsValueLength = 50;

/**
 * Labels of the known threat codes (country block, IP block, bad browser, captcha and challenge
 * types); any other code shows 'Unknown' (spec section 9).
 */
export const threatTypeLabels: Readonly<Record<string, string>> = {
  'user.ban.ctry': 'Country block',
  'user.ban.ip': 'IP block',
  'user.ban.ipr16': 'IP range block (/16)',
  'user.ban.ipr24': 'IP range block (/24)',
  'bic.ban.unknown': 'Bad browser',
  'macro.chl.captchaErr': 'Captcha error',
  'macro.chl.captchaFail': 'Captcha failed',
  'macro.chl.jschlErr': 'JavaScript challenge error',
  'user.chl.captcha': 'Captcha challenge',
  'user.chl.jschl': 'JavaScript challenge',
};
export const threatTypeLabel = (code: string) => threatTypeLabels[code] ?? 'Unknown';

/** DNS record types the page knows, with the phrase joining name and content (none for SRV and TXT). */
export const dnsTypes = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'SRV', 'TXT', 'CAA'] as const;
export type DnsType = (typeof dnsTypes)[number];
export const dnsPhrases: Readonly<Partial<Record<DnsType, string>>> = {
  A: 'points to',
  AAAA: 'points to',
  CNAME: 'is alias of',
  MX: 'mail handled by',
  NS: 'managed by',
};
/** The proxied indicator shows only for A and CNAME records (spec section 9). */
export const showsProxied = (type: string) => type === 'A' || type === 'CNAME';

export const securityZone = z.object({
  zone_id: z.number().int(),
  name: z.string(),
  /** Totals of the 30 days ending now. */
  threats_stopped: z.number(),
  requests_total: z.number(),
  unique_visitors: z.number(),
  /** Bytes. */
  bandwidth_total: z.number(),
});
export type SecurityZone = z.infer<typeof securityZone>;

export const ddUsage = z.object({
  threats_stopped: z.number(),
  requests_total: z.number(),
  requests_cached: z.number(),
  requests_uncached: z.number(),
  requests_encrypted: z.number(),
  bandwidth_total: z.number(),
  bandwidth_cached: z.number(),
  bandwidth_uncached: z.number(),
});
export type DdUsage = z.infer<typeof ddUsage>;

export const threatType = z.object({ threat_type: z.string(), amount: z.number() });
export const dnsRecord = z.object({
  dns_type: z.string(),
  dns_name: z.string(),
  zone_name: z.string(),
  content: z.string(),
  proxied: z.boolean(),
});
export type DnsRecord = z.infer<typeof dnsRecord>;
export const firewallEvent = z.object({
  /** Epoch seconds. */
  occurred_at: z.number().int(),
  action: z.string(),
  ip: z.string(),
  country_name: z.string(),
  host: z.string(),
});
export type FirewallEvent = z.infer<typeof firewallEvent>;

export const threatCountry = z.object({
  /** ISO 3166-1 alpha-2, for the flag. */
  country_code: z.string(),
  country_name: z.string(),
  amount: z.number(),
});
export type ThreatCountry = z.infer<typeof threatCountry>;

export const ddZones = productOrder.extend({ zones: z.array(securityZone) });
export type DdZones = z.infer<typeof ddZones>;

export const ddOrder = productOrder.extend({
  zone: securityZone,
  /** Epoch seconds: the 30 days the totals cover. */
  usage_start: z.number().int(),
  usage_end: z.number().int(),
  usage: ddUsage,
  /** The top 5, most first. */
  threat_types: z.array(threatType),
  dns_records: z.array(dnsRecord),
  /** Newest first. */
  firewall_events: z.array(firewallEvent),
});
export type DdOrder = z.infer<typeof ddOrder>;

export const ddStats = z.object({
  /** Time, Encrypted, Unencrypted (requests a day). */
  traffic: chartData,
  /** Time, Visitors (unique visitors a day). */
  visitors: chartData,
});
export type DdStats = z.infer<typeof ddStats>;

const zoneInput = { baseOrderId: id, zoneId: id };

export const getDdZones = defineCall({
  id: 'productsDd.getDdZones',
  summary: "One of the caller's web and app security orders with its zones and their 30-day totals.",
  tag: 'products',
  methods: ['GET'],
  path: '/orders-dd/get-dd-zones',
  input: z.object({ baseOrderId: id }),
  data: ddZones,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const getOrderDd = defineCall({
  id: 'productsDd.getOrderDd',
  summary:
    'One zone of a web and app security order: its 30-day usage, top 5 threat types, DNS records and firewall events.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-dd/get-order-dd',
  input: z.object(zoneInput),
  data: ddOrder,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const getDdStats = defineCall({
  id: 'productsDd.getDdStats',
  summary: "A zone's encrypted and unencrypted requests and its visitors between startDate and endDate.",
  tag: 'products',
  methods: ['GET'],
  path: '/orders-dd/get-dd-stats',
  input: z
    .object({ ...zoneInput, startDate: epochSeconds, endDate: epochSeconds })
    .superRefine(rangeCheck('startDate', 'endDate')),
  data: ddStats,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const getThreatCountries = defineCall({
  id: 'productsDd.getThreatCountries',
  summary: "The countries a zone's threats came from (at most 10), most first.",
  tag: 'products',
  methods: ['GET'],
  path: '/orders-dd/get-threat-countries',
  input: z.object(zoneInput),
  data: z.array(threatCountry),
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});
