import { describe, expect, it } from 'vitest';

import { parseEnv } from '../../config/env.ts';
import { retentionCutoffMs } from './audit.service.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('audit log retention', () => {
  it('keeps AUDIT_RETENTION_DAYS whole days back from now', () => {
    const now = Date.UTC(2026, 11, 4, 12, 30);
    expect(retentionCutoffMs(now, 365)).toBe(now - 365 * DAY);
    expect(retentionCutoffMs(now, 1)).toBe(Date.UTC(2026, 11, 3, 12, 30));
  });

  it('defaults to 365 days and takes 1 to 3650', () => {
    expect(parseEnv({}).AUDIT_RETENTION_DAYS).toBe(365);
    expect(parseEnv({ AUDIT_RETENTION_DAYS: '30' }).AUDIT_RETENTION_DAYS).toBe(30);
    expect(parseEnv({ AUDIT_RETENTION_DAYS: '3650' }).AUDIT_RETENTION_DAYS).toBe(3650);
    for (const bad of ['0', '3651', '1.5', 'forever']) {
      expect(() => parseEnv({ AUDIT_RETENTION_DAYS: bad }), bad).toThrow(/AUDIT_RETENTION_DAYS/);
    }
  });
});
