import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Connector credentials at rest (SNMP communities and v3 keys, Prometheus tokens and passwords):
 * AES-256-GCM under the configuration's CONNECTOR_KEY, as one text `v1.<iv>.<tag>.<ciphertext>`
 * (base64url parts, a fresh 12-byte IV each time). `aad` binds a sealed value to its row and field
 * (e.g. 'prometheus-source:core:token'), so a value copied into another row does not open.
 */

const version = 'v1';

/** What a process reports when a sealed value does not open with its key (the connector status, the webhook). */
export const notOpened =
  "The stored credentials do not open with this process's CONNECTOR_KEY: every API and worker process needs the same key.";

export function seal(key: Buffer, plaintext: string, aad = ''): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [version, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plaintext of a sealed value; throws `notOpened` when the key, the AAD or the value is not the one sealed. */
export function unseal(key: Buffer, sealed: string, aad = ''): string {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== version || iv === undefined || tag === undefined || body === undefined)
    throw new Error('sealed: not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    // GCM's check failed: another key (most often), another row or field, or a changed value.
    throw new Error(notOpened);
  }
}
