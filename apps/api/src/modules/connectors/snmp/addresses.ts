import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Loopback, private, link-local and shared (carrier-grade NAT) ranges: accepted by default (a provider's
 * devices sit on its management network), refused with SNMP_PRIVATE_ADDRESSES=deny.
 */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv6');

export const privateAddressMessage = 'Loopback and private addresses are not accepted here.';

/** True for an IP address in a loopback, private, link-local or shared range (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return privateRanges.check(mapped, 'ipv4');
  const family = isIP(address);
  return family === 4 ? privateRanges.check(address, 'ipv4') : family === 6 && privateRanges.check(address, 'ipv6');
}

/** Refuses a host name that resolves to a private address (a literal address is checked when saved). */
export async function assertPublicHost(address: string): Promise<void> {
  if (isIP(address)) {
    if (isPrivateAddress(address)) throw new Error(privateAddressMessage);
    return;
  }
  const found = await lookup(address, { all: true });
  if (found.some((a) => isPrivateAddress(a.address))) throw new Error(`${address}: ${privateAddressMessage}`);
}
