import { describe, expect, it } from 'vitest';

import { assertPublicHost, isPrivateAddress } from './addresses.ts';

describe('private SNMP addresses', () => {
  it('knows loopback, private, link-local and shared ranges', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.0.9',
      '100.64.0.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '172.32.0.1', '192.0.2.1', '2001:db8::1', 'router.example']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it('refuses a private literal and a name resolving to loopback', async () => {
    await expect(assertPublicHost('10.0.0.1')).rejects.toThrow('Loopback and private addresses are not accepted here.');
    await expect(assertPublicHost('localhost')).rejects.toThrow(/not accepted/);
    await expect(assertPublicHost('192.0.2.1')).resolves.toBeUndefined();
  });
});
