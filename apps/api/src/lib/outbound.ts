import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

/**
 * The one rule for every request the server makes on someone's behalf (Prometheus sources, webhook
 * deliveries, SNMP devices; decision 113): public addresses are always reached; loopback, private,
 * link-local, shared (CGNAT), unspecified, multicast and reserved addresses only when OUTBOUND_ALLOW
 * lets them. It is applied to the address actually connected to, after the name is resolved, so a
 * name that resolves to a refused address at request time (DNS rebinding) is refused.
 */

/** OUTBOUND_ALLOW, read: everything (`*`), or the host names and networks that may be internal. */
export interface OutboundAllow {
  all: boolean;
  /** Host names (lower case) whose addresses are reached whatever they are. */
  hosts: string[];
  /** Addresses and CIDR networks (`10.20.0.0/16`, `fd00::/8`, `192.0.2.7`) reached although internal. */
  networks: string[];
}

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // unspecified ("this network")
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the cloud metadata address 169.254.169.254 among them
  ['172.16.0.0', 12], // RFC 1918
  ['192.168.0.0', 16], // RFC 1918
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, the broadcast address among them
] as const)
  internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible forms
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  internal.addSubnet(network, prefix, 'ipv6');

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * True for an address in one of the refused ranges. IPv4-mapped IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1)
 * is the IPv4 address it carries: BlockList matches it against the IPv4 ranges.
 */
export const isInternalAddress = (address: string): boolean =>
  isIP(address) !== 0 && internal.check(address, family(address));

/** A host name as DNS and URLs spell it (lower case, without the trailing dot). */
const hostName = (host: string) => host.toLowerCase().replace(/\.$/, '');

const hostPattern = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)*$/;

/** Reads OUTBOUND_ALLOW: `*`, `none` (or empty), or a comma-separated list; a wrong entry is an error. */
export function parseOutboundAllow(text: string): OutboundAllow | { error: string } {
  const value = text.trim();
  if (value === '*') return { all: true, hosts: [], networks: [] };
  const allow: OutboundAllow = { all: false, hosts: [], networks: [] };
  if (value === '' || value === 'none') return allow;
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    const [address = '', prefix, ...rest] = entry.split('/');
    if (isIP(address)) {
      const bits = isIP(address) === 6 ? 128 : 32;
      if (rest.length || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits)))
        return { error: `${entry}: not an address, a CIDR network or a host name` };
      allow.networks.push(entry);
    } else if (prefix === undefined && hostPattern.test(hostName(entry))) allow.hosts.push(hostName(entry));
    else return { error: `${entry || '(empty)'}: not an address, a CIDR network or a host name` };
  }
  return allow;
}

/** The rule of one OUTBOUND_ALLOW: may `address` (reached by the name `host`, when there is one) be connected to? */
export function outboundRule(allow: OutboundAllow) {
  const networks = new BlockList();
  for (const entry of allow.networks) {
    const [address = '', prefix] = entry.split('/');
    if (prefix === undefined) networks.addAddress(address, family(address));
    else networks.addSubnet(address, Number(prefix), family(address));
  }
  const hosts = new Set(allow.hosts);
  return {
    /** A listed host name reaches whatever it resolves to: the operator vouches for its DNS. */
    allowsHost: (host: string) => allow.all || hosts.has(hostName(host)),
    allowsAddress: (address: string) =>
      allow.all || !isInternalAddress(address) || networks.check(address, family(address)),
  };
}

/** Shown as a field error when a refused address is saved (a name is checked when it is connected to). */
export const refusedAddressMessage = 'Loopback and private addresses are not accepted here.';

/** A request refused by the rule; its message is what staff see as the connector's or webhook's last error. */
export class OutboundRefused extends Error {
  constructor(host: string, address: string) {
    super(
      `${host === address ? address : `${host} resolves to ${address}, which`} is not a public address and OUTBOUND_ALLOW does not list it.`,
    );
  }
}

/** True when a target as saved (a literal address, or a name) is already known to be refused. */
export function refusesSaved(allow: OutboundAllow, host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, '$1');
  const rule = outboundRule(allow);
  return isIP(address) !== 0 && !rule.allowsHost(address) && !rule.allowsAddress(address);
}

/**
 * A target's error as staff may see it (a connector's or webhook's last error): one line of printable
 * text, at most `max` characters, never more of what the target sent.
 */
export function shortReason(text: string, max = 200): string {
  const line = text.replace(/[\p{C}\s]+/gu, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Resolves a name to every address it has (the system resolver; tests give their own). */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (host) => dnsLookup(host, { all: true });

export type OutboundFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface Outbound {
  /** fetch, through the rule: every address a connection is opened to is checked. */
  fetch: OutboundFetch;
  /** The checked address to send datagrams to (SNMP): a literal as it is, a name resolved now. */
  address(host: string): Promise<string>;
}

export function createOutbound(allow: OutboundAllow, resolve: Resolve = systemResolve): Outbound {
  const rule = outboundRule(allow);

  /** Every address of `host`, or OutboundRefused when one of them is refused. */
  async function checked(host: string): Promise<{ address: string; family: number }[]> {
    const bare = host.replace(/^\[(.*)\]$/, '$1');
    const found = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await resolve(bare);
    if (!rule.allowsHost(bare))
      for (const { address } of found) if (!rule.allowsAddress(address)) throw new OutboundRefused(bare, address);
    return found;
  }

  // The lookup net and tls call with the name of each connection (not called for a literal address).
  const lookup: LookupFunction = (hostname, options, callback) => {
    checked(hostname).then(
      (found) => {
        const wanted = found.filter((a) => !options.family || a.family === options.family);
        const first = wanted[0];
        if (!first) {
          const error = Object.assign(new Error(`${hostname}: no address`), { code: 'ENOTFOUND' });
          return callback(error, '', 0);
        }
        if (options.all) return callback(null, wanted);
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, '', 0),
    );
  };
  const connect = buildConnector({ lookup });
  const dispatcher = new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) && !rule.allowsHost(host) && !rule.allowsAddress(host))
        return callback(new OutboundRefused(host, host), null);
      connect(options, callback);
    },
  });

  return {
    async fetch(url, init) {
      try {
        // undici's own fetch, so that its Agent (and so the check) carries every connection.
        return (await undiciFetch(url, { ...(init as object), dispatcher })) as unknown as Response;
      } catch (error) {
        // fetch wraps a refused connection in "fetch failed": the refusal itself is the error to show.
        const cause = (error as { cause?: unknown }).cause;
        throw cause instanceof OutboundRefused ? cause : error;
      }
    },
    async address(host) {
      const found = await checked(host);
      // A name's IPv4 address first, as the SNMP sessions did before (udp4 for names). Never the name
      // itself: the session would resolve it again, unchecked.
      const chosen = found.find((a) => a.family === 4) ?? found[0];
      if (!chosen) throw Object.assign(new Error(`${host}: no address`), { code: 'ENOTFOUND' });
      return chosen.address;
    },
  };
}
