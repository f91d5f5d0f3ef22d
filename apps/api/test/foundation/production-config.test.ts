import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { parseEnv } from '../../src/config/env.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'portal-env-'));
const secret = 'a-production-secret-of-at-least-32-chars';
const connectorKey = Buffer.alloc(32, 7).toString('base64');

describe('configuration in production', () => {
  it('refuses to start without JWT_SECRET, PUBLIC_URL and CONNECTOR_KEY, naming each on its own line', () => {
    let message = '';
    try {
      parseEnv({ NODE_ENV: 'production', DATA_DIR: dataDir() });
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.filter((l) => l.trimStart().startsWith('JWT_SECRET:'))).toHaveLength(1);
    expect(lines.filter((l) => l.trimStart().startsWith('PUBLIC_URL:'))).toHaveLength(1);
    expect(lines.filter((l) => l.trimStart().startsWith('CONNECTOR_KEY:'))).toHaveLength(1);
  });

  it('takes CONNECTOR_KEY as 32 bytes in base64 or hex, and nothing else', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: secret, PUBLIC_URL: 'https://portal.example' };
    expect(parseEnv({ ...base, CONNECTOR_KEY: connectorKey }).CONNECTOR_KEY).toEqual(Buffer.alloc(32, 7));
    expect(parseEnv({ ...base, CONNECTOR_KEY: '07'.repeat(32) }).CONNECTOR_KEY).toEqual(Buffer.alloc(32, 7));
    expect(() => parseEnv({ ...base, CONNECTOR_KEY: 'short' })).toThrow(/CONNECTOR_KEY: must be 32 bytes/);
    expect(() => parseEnv({ ...base, CONNECTOR_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/CONNECTOR_KEY/);
  });

  it('refuses a JWT_SECRET shorter than 32 characters', () => {
    expect(() =>
      parseEnv({ NODE_ENV: 'production', JWT_SECRET: 'short', PUBLIC_URL: 'https://portal.example' }),
    ).toThrow(/JWT_SECRET: JWT_SECRET must be at least 32 characters/);
  });

  it('takes https, and http only for a loopback host', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: secret, CONNECTOR_KEY: connectorKey };
    expect(() => parseEnv({ ...base, PUBLIC_URL: 'http://portal.example' })).toThrow(
      /PUBLIC_URL: must be an https URL/,
    );
    expect(() => parseEnv({ ...base, PUBLIC_URL: 'portal.example' })).toThrow(/PUBLIC_URL/);
    expect(parseEnv({ ...base, PUBLIC_URL: 'https://portal.example' }).PUBLIC_URL).toBe('https://portal.example');
    expect(parseEnv({ ...base, PUBLIC_URL: 'http://127.0.0.1:8080' }).PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(parseEnv({ ...base, PUBLIC_URL: 'http://localhost' }).PUBLIC_URL).toBe('http://localhost');
  });

  it('never seeds the demo data, listens on every interface and logs requests at info', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      CONNECTOR_KEY: connectorKey,
      PUBLIC_URL: 'https://portal.example',
      SEED_ON_EMPTY: 'true',
    });
    expect(env.SEED_ON_EMPTY).toBe(false);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.JWT_SECRET).toBe(secret);
  });

  it('refuses internal outbound addresses unless OUTBOUND_ALLOW lists them; SNMP_PRIVATE_ADDRESSES is gone', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: secret, CONNECTOR_KEY: connectorKey };
    const production = { ...base, PUBLIC_URL: 'https://portal.example' };
    expect(parseEnv(production).OUTBOUND_ALLOW).toEqual({ all: false, hosts: [], networks: [] });
    expect(parseEnv({ ...production, OUTBOUND_ALLOW: '10.20.0.0/16,mimir.internal' }).OUTBOUND_ALLOW).toEqual({
      all: false,
      hosts: ['mimir.internal'],
      networks: ['10.20.0.0/16'],
    });
    expect(() => parseEnv({ ...production, OUTBOUND_ALLOW: '10.20.0.0/40' })).toThrow(
      /OUTBOUND_ALLOW: 10\.20\.0\.0\/40: not an address, a CIDR network or a host name/,
    );
    expect(() => parseEnv({ ...production, SNMP_PRIVATE_ADDRESSES: 'deny' })).toThrow(
      /SNMP_PRIVATE_ADDRESSES: replaced by OUTBOUND_ALLOW/,
    );
  });
});

describe('configuration outside production', () => {
  it('listens on loopback, builds links from PORT and generates a key under DATA_DIR', () => {
    const env = parseEnv({ PORT: '9123', DATA_DIR: dataDir() });
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.PUBLIC_URL).toBe('http://localhost:9123');
    expect(env.SEED_ON_EMPTY).toBe(true);
    expect(env.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(env.CONNECTOR_KEY).toHaveLength(32);
    expect(env.LOG_LEVEL).toBe('info');
  });

  it('takes HOST and LOG_LEVEL as given, and logs at warn in tests', () => {
    const env = parseEnv({ HOST: '0.0.0.0', LOG_LEVEL: 'debug', DATA_DIR: dataDir() });
    expect(env).toMatchObject({ HOST: '0.0.0.0', LOG_LEVEL: 'debug' });
    expect(parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir() }).LOG_LEVEL).toBe('warn');
  });

  it('reaches every address by default, so local peers answer tests', () => {
    expect(parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir() }).OUTBOUND_ALLOW.all).toBe(true);
    expect(parseEnv({ DATA_DIR: dataDir() }).OUTBOUND_ALLOW.all).toBe(true);
    expect(parseEnv({ OUTBOUND_ALLOW: 'none', DATA_DIR: dataDir() }).OUTBOUND_ALLOW.all).toBe(false);
  });

  it('names a bad LOG_LEVEL', () => {
    expect(() => parseEnv({ LOG_LEVEL: 'loud', DATA_DIR: dataDir() })).toThrow(/LOG_LEVEL:/);
  });
});
