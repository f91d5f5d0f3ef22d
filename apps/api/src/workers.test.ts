import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { parseEnv } from './config/env.ts';
import { workersInProcess } from './workers.ts';

const env = (vars: Record<string, string>) =>
  parseEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-workers-')), ...vars });

describe('WORKERS', () => {
  it('runs the workers in the API process by default, not under NODE_ENV=test unless asked', () => {
    expect(workersInProcess(env({}))).toBe(true);
    expect(workersInProcess(env({ NODE_ENV: 'test' }))).toBe(false);
    expect(workersInProcess(env({ NODE_ENV: 'test', WORKERS: 'in-process' }))).toBe(true);
    expect(workersInProcess(env({ WORKERS: 'off' }))).toBe(false);
  });

  it('refuses another value, naming the variable', () => {
    expect(() => env({ WORKERS: 'sometimes' })).toThrow(/WORKERS/);
    expect(() => env({ SNMP_CONCURRENCY: '0' })).toThrow(/SNMP_CONCURRENCY/);
  });
});
