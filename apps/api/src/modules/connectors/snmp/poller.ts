import { isIPv6 } from 'node:net';
import { createRequire } from 'node:module';

import type { PointIn } from '../../metrics/index.ts';
import type { DeviceSecrets } from './devices.service.ts';
import type { DeviceConfig, SnmpInterfaceRow } from './snmp.repository.ts';

/**
 * One poll of one device (decision 100): the IF-MIB counters of its interfaces with GetBulk requests
 * (net-snmp), as points of the catalogue's interface series, labelled with each interface's object_key.
 */

interface Varbind {
  oid: string;
  type: number;
  value: unknown;
}
type Callback<T> = (error: Error | null, result: T) => void;
interface Session {
  getBulk(oids: string[], nonRepeaters: number, maxRepetitions: number, cb: Callback<Varbind[]>): void;
  subtree(
    oid: string,
    maxRepetitions: number,
    feed: (varbinds: Varbind[]) => void,
    done: (e: Error | null) => void,
  ): void;
  close(): void;
  on(event: 'error', listener: (error: Error) => void): void;
}
interface NetSnmp {
  createSession(target: string, community: string, options: object): Session;
  createV3Session(target: string, user: object, options: object): Session;
  isVarbindError(varbind: Varbind): boolean;
  varbindError(varbind: Varbind): string;
  Version2c: number;
  Version3: number;
  SecurityLevel: Record<'noAuthNoPriv' | 'authNoPriv' | 'authPriv', number>;
  AuthProtocols: Record<string, number>;
  PrivProtocols: Record<string, number>;
}
// net-snmp ships no types: the few calls used here are typed above.
const snmp = createRequire(import.meta.url)('net-snmp') as NetSnmp;

const ifName = '1.3.6.1.2.1.31.1.1.1.1';
const ifDescr = '1.3.6.1.2.1.2.2.1.2';

/** The IF-MIB columns read, and the catalogue series each one feeds (all counters: rates on ingest). */
export const counterColumns = [
  ['1.3.6.1.2.1.31.1.1.1.6', 'if_in_octets'], // ifHCInOctets
  ['1.3.6.1.2.1.31.1.1.1.10', 'if_out_octets'], // ifHCOutOctets
  ['1.3.6.1.2.1.31.1.1.1.7', 'if_in_packets'], // ifHCInUcastPkts
  ['1.3.6.1.2.1.31.1.1.1.11', 'if_out_packets'], // ifHCOutUcastPkts
  ['1.3.6.1.2.1.2.2.1.14', 'if_in_errors'], // ifInErrors
  ['1.3.6.1.2.1.2.2.1.20', 'if_out_errors'], // ifOutErrors
  ['1.3.6.1.2.1.2.2.1.13', 'if_in_discards'], // ifInDiscards
  ['1.3.6.1.2.1.2.2.1.19', 'if_out_discards'], // ifOutDiscards
] as const;

/** Interfaces per GetBulk request: 8 columns each, 40 varbinds, well inside one UDP datagram. */
const interfacesPerRequest = 5;

export interface PollResult {
  points: PointIn[];
  /** What went wrong with some interfaces (the others' points are still stored). */
  problems: string[];
}

function openSession(device: DeviceConfig, address: string, secrets: DeviceSecrets, timeoutMs: number): Session {
  const options = {
    port: device.port,
    retries: 1,
    timeout: Math.max(500, Math.floor(timeoutMs / 2)),
    transport: isIPv6(address) ? 'udp6' : 'udp4',
    version: device.version === '3' ? snmp.Version3 : snmp.Version2c,
  };
  if (device.version === '2c') return snmp.createSession(address, secrets.community ?? '', options);
  const auth = device.v3_auth_protocol;
  const priv = device.v3_priv_protocol;
  return snmp.createV3Session(
    address,
    {
      name: device.v3_user ?? '',
      level: priv
        ? snmp.SecurityLevel.authPriv
        : auth
          ? snmp.SecurityLevel.authNoPriv
          : snmp.SecurityLevel.noAuthNoPriv,
      ...(auth ? { authProtocol: snmp.AuthProtocols[auth], authKey: secrets.auth_key } : {}),
      ...(priv ? { privProtocol: snmp.PrivProtocols[priv], privKey: secrets.priv_key } : {}),
    },
    options,
  );
}

const getBulk = (session: Session, oids: string[]) =>
  new Promise<Varbind[]>((resolve, reject) =>
    // Every OID a non-repeater: one GetNext each, in one request.
    session.getBulk(oids, oids.length, 0, (error, varbinds) => (error ? reject(error) : resolve(varbinds))),
  );

const walk = (session: Session, oid: string) =>
  new Promise<Varbind[]>((resolve, reject) => {
    const rows: Varbind[] = [];
    session.subtree(
      oid,
      50,
      (varbinds) => void rows.push(...varbinds),
      (error) => (error ? reject(error) : resolve(rows)),
    );
  });

/** A counter's value as a number: Counter32 comes as a number, Counter64 as big-endian bytes. */
export function counterValue(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (Buffer.isBuffer(value)) {
    let n = 0n;
    for (const byte of value) n = (n << 8n) | BigInt(byte);
    return Number(n);
  }
  return null;
}

/** ifIndex by interface name (ifName, else ifDescr), walked only when an interface is named. */
async function indexesByName(session: Session, wanted: SnmpInterfaceRow[]): Promise<Map<string, number>> {
  const names = new Map<string, number>();
  if (!wanted.some((i) => i.if_name !== undefined)) return names;
  for (const column of [ifDescr, ifName]) {
    for (const vb of await walk(session, column)) {
      if (snmp.isVarbindError(vb)) continue;
      const index = Number(vb.oid.slice(column.length + 1));
      names.set(Buffer.isBuffer(vb.value) ? vb.value.toString('utf8') : String(vb.value), index);
    }
  }
  return names;
}

async function read(
  session: Session,
  device: DeviceConfig,
  tsSeconds: () => number,
  problems: string[],
): Promise<PointIn[]> {
  const names = await indexesByName(session, device.interfaces);
  const targets: { row: SnmpInterfaceRow; index: number }[] = [];
  for (const row of device.interfaces) {
    const index = row.if_index ?? names.get(row.if_name ?? '');
    if (index === undefined) problems.push(`No interface named ${row.if_name} on the device.`);
    else targets.push({ row, index });
  }
  const points: PointIn[] = [];
  for (let start = 0; start < targets.length; start += interfacesPerRequest) {
    const chunk = targets.slice(start, start + interfacesPerRequest);
    const oids = chunk.flatMap(({ index }) => counterColumns.map(([column]) => `${column}.${index - 1}`));
    const varbinds = await getBulk(session, oids);
    const ts = tsSeconds();
    chunk.forEach(({ row, index }, n) => {
      const found: PointIn[] = [];
      counterColumns.forEach(([column, metric], c) => {
        const vb = varbinds[n * counterColumns.length + c];
        if (!vb || snmp.isVarbindError(vb) || vb.oid !== `${column}.${index}`) return;
        const value = counterValue(vb.value);
        if (value !== null)
          found.push({ order_number: row.order_number, metric, labels: { object_key: row.object_key }, ts, value });
      });
      if (!found.length) problems.push(`No IF-MIB counters for ifIndex ${index} on the device.`);
      points.push(...found);
    });
  }
  return points;
}

/**
 * Reads a device's interfaces within `timeoutMs` (the whole poll, not one request); a device that does
 * not answer in time fails with a timeout, whatever its requests were doing. `address` is the IP
 * address to send to, the device's own resolved and checked by the outbound rule (decision 113).
 */
export async function pollDevice(
  device: DeviceConfig,
  secrets: DeviceSecrets,
  options: { address: string; timeoutMs: number; tsSeconds: () => number },
): Promise<PollResult> {
  const session = openSession(device, options.address, secrets, options.timeoutMs);
  session.on('error', () => {});
  const problems: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No answer from ${device.address}:${device.port} within ${options.timeoutMs} ms.`)),
      options.timeoutMs,
    );
  });
  try {
    const points = await Promise.race([read(session, device, options.tsSeconds, problems), timeout]);
    return { points, problems };
  } finally {
    clearTimeout(timer);
    session.close();
  }
}
