// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createOutbound,
  isInternalAddress,
  outboundRule,
  parseOutboundAllow,
  refusesSaved,
  type OutboundAllow,
  type Resolve,
} from './outbound.ts';

const none: OutboundAllow = { all: false, hosts: [], networks: [] };
const allowOf = (text: string) => parseOutboundAllow(text) as OutboundAllow;

describe('the outbound rule (decision 113)', () => {
  it('refuses every loopback, private, link-local, CGNAT, unspecified and multicast address', () => {
    const refused = [
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'this network'],
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['10.0.0.1', 'RFC 1918'],
      ['10.255.255.255', 'RFC 1918'],
      ['172.16.0.1', 'RFC 1918'],
      ['172.31.255.255', 'RFC 1918'],
      ['192.168.1.1', 'RFC 1918'],
      ['169.254.0.1', 'link-local'],
      ['169.254.169.254', 'cloud metadata'],
      ['100.64.0.1', 'CGNAT'],
      ['100.127.255.255', 'CGNAT'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['fc00::1', 'unique local'],
      ['fd00:ec2::254', 'unique local (cloud metadata)'],
      ['fe80::1', 'link-local'],
      ['febf::1', 'link-local'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
      ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
      ['::ffff:10.0.0.1', 'IPv4-mapped private'],
      ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
      ['::127.0.0.1', 'IPv4-compatible loopback'],
    ];
    for (const [address, what] of refused) expect(isInternalAddress(address as string), what).toBe(true);
    const rule = outboundRule(none);
    for (const [address, what] of refused) expect(rule.allowsAddress(address as string), what).toBe(false);
  });

  it('allows public addresses, the neighbours of each range included', () => {
    const rule = outboundRule(none);
    for (const address of [
      '8.8.8.8',
      '1.0.0.1',
      '11.0.0.1',
      '100.63.255.255',
      '100.128.0.0',
      '126.255.255.255',
      '128.0.0.1',
      '169.253.255.255',
      '169.255.0.1',
      '172.15.255.255',
      '172.32.0.1',
      '192.167.255.255',
      '192.169.0.1',
      '223.255.255.255',
      '2001:db8::1',
      '2606:4700::1111',
      'fbff::1',
      'fec0::1',
      '::ffff:8.8.8.8',
    ])
      expect(rule.allowsAddress(address), address).toBe(true);
  });

  it('allows what OUTBOUND_ALLOW lists: a CIDR, an address, a host name', () => {
    const rule = outboundRule(allowOf('10.20.0.0/16, mimir.internal ,192.168.1.7,fd00:1::/32'));
    expect(rule.allowsAddress('10.20.3.4')).toBe(true);
    expect(rule.allowsAddress('::ffff:10.20.3.4')).toBe(true);
    expect(rule.allowsAddress('10.21.0.1')).toBe(false);
    expect(rule.allowsAddress('192.168.1.7')).toBe(true);
    expect(rule.allowsAddress('192.168.1.8')).toBe(false);
    expect(rule.allowsAddress('fd00:1::5')).toBe(true);
    expect(rule.allowsAddress('fd00:2::5')).toBe(false);
    expect(rule.allowsAddress('127.0.0.1')).toBe(false);
    expect(rule.allowsHost('mimir.internal')).toBe(true);
    expect(rule.allowsHost('MIMIR.internal.')).toBe(true);
    expect(rule.allowsHost('other.internal')).toBe(false);
    const all = outboundRule(allowOf('*'));
    expect(all.allowsAddress('127.0.0.1')).toBe(true);
    expect(all.allowsHost('anything.example')).toBe(true);
  });

  it('reads OUTBOUND_ALLOW and names a wrong entry', () => {
    expect(parseOutboundAllow('*')).toEqual({ all: true, hosts: [], networks: [] });
    expect(parseOutboundAllow('none')).toEqual(none);
    expect(parseOutboundAllow('')).toEqual(none);
    expect(parseOutboundAllow('10.20.0.0/16,Mimir.Internal')).toEqual({
      all: false,
      hosts: ['mimir.internal'],
      networks: ['10.20.0.0/16'],
    });
    expect(parseOutboundAllow('10.20.0.0/33')).toEqual({
      error: '10.20.0.0/33: not an address, a CIDR network or a host name',
    });
    expect(parseOutboundAllow('fd00::/129')).toHaveProperty('error');
    expect(parseOutboundAllow('10.0.0.0/8,,x')).toHaveProperty('error');
    expect(parseOutboundAllow('http://mimir')).toHaveProperty('error');
    expect(parseOutboundAllow('mimir/8')).toHaveProperty('error');
  });

  it('refuses a literal address when saved, never a name (checked when connected to)', () => {
    expect(refusesSaved(none, '127.0.0.1')).toBe(true);
    expect(refusesSaved(none, '[::1]')).toBe(true);
    expect(refusesSaved(none, '::ffff:169.254.169.254')).toBe(true);
    expect(refusesSaved(none, '192.0.2.1')).toBe(false);
    expect(refusesSaved(none, 'localhost')).toBe(false);
    expect(refusesSaved(allowOf('127.0.0.0/8'), '127.0.0.1')).toBe(false);
  });
});

describe('requests through the rule', () => {
  let base = '';
  let port = 0;
  const server = createServer((_req, res) => res.end('ok'));
  beforeAll(async () => {
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}/`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  /** A DNS this test controls: `rebind.test` is at loopback whenever it is asked. */
  const resolve: Resolve = async (host) => {
    if (host === 'rebind.test') return [{ address: '127.0.0.1', family: 4 }];
    if (host === 'mixed.test')
      return [
        { address: '192.0.2.1', family: 4 },
        { address: '::1', family: 6 },
      ];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  };
  const init = { method: 'GET', signal: AbortSignal.timeout(5000) };

  it('refuses a literal loopback address and a name resolving to one when connecting', async () => {
    const outbound = createOutbound(none, resolve);
    await expect(outbound.fetch(base, init)).rejects.toThrow(
      '127.0.0.1 is not a public address and OUTBOUND_ALLOW does not list it.',
    );
    await expect(outbound.fetch(`http://rebind.test:${port}/`, init)).rejects.toThrow(
      'rebind.test resolves to 127.0.0.1, which is not a public address and OUTBOUND_ALLOW does not list it.',
    );
    // One refused address among a name's addresses refuses the name.
    await expect(outbound.fetch(`http://mixed.test:${port}/`, init)).rejects.toThrow('mixed.test resolves to ::1');
    await expect(outbound.address('rebind.test')).rejects.toThrow('rebind.test resolves to 127.0.0.1');
    await expect(outbound.address('::ffff:127.0.0.1')).rejects.toThrow('::ffff:127.0.0.1 is not a public address');
    expect(await outbound.address('192.0.2.1')).toBe('192.0.2.1');
  });

  it('connects to a listed network or host', async () => {
    const byNetwork = createOutbound(allowOf('127.0.0.0/8'), resolve);
    expect(await (await byNetwork.fetch(base, init)).text()).toBe('ok');
    expect(await (await byNetwork.fetch(`http://rebind.test:${port}/`, init)).text()).toBe('ok');
    const byHost = createOutbound(allowOf('rebind.test'), resolve);
    expect(await (await byHost.fetch(`http://rebind.test:${port}/`, init)).text()).toBe('ok');
    await expect(byHost.fetch(base, init)).rejects.toThrow('127.0.0.1 is not a public address');
    expect(await byHost.address('rebind.test')).toBe('127.0.0.1');
  });
});
