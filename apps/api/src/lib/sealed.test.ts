import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { notOpened, seal, unseal } from './sealed.ts';

describe('sealed connector credentials', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and never holds the plaintext', () => {
    const sealed = seal(key, 'public-community', 'snmp-device:r1:community');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('public-community');
    expect(unseal(key, sealed, 'snmp-device:r1:community')).toBe('public-community');
    expect(seal(key, 'public-community', 'x')).not.toBe(seal(key, 'public-community', 'x'));
  });

  it('refuses another key, another row or field, and a changed value', () => {
    const sealed = seal(key, 's3cret', 'prometheus-source:core:token');
    expect(() => unseal(randomBytes(32), sealed, 'prometheus-source:core:token')).toThrow(notOpened);
    expect(() => unseal(key, sealed, 'prometheus-source:other:token')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    expect(() =>
      unseal(key, [parts[0], parts[1], parts[2], body.toString('base64url')].join('.'), 'prometheus-source:core:token'),
    ).toThrow();
    expect(() => unseal(key, 'plain', '')).toThrow(/not a sealed value/);
  });
});
