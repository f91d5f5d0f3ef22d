import { randomBytes } from 'node:crypto';

import type { TestApp } from '../helpers/test-app.ts';

/** A multipart/form-data body with one file part (what the browser's FormData sends). */
export function multipartBody(fieldName: string, fileName: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = `----portaltest${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads one attachment through tickets/upload-attachment. */
export async function upload(t: TestApp, token: string | undefined, fileName: string, content: Buffer) {
  const { payload, contentType } = multipartBody('file', fileName, content);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tickets/upload-attachment',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { data: unknown; code: string; message: string } };
}

export const samples = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]),
  log: Buffer.from('2025-01-01T00:00:00Z link down\n2025-01-01T00:00:05Z link up\n'),
};
