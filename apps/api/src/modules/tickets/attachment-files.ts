import { createHash, randomBytes } from 'node:crypto';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { tickets } from '@portal/contract';

import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { databaseBlobs, diskBlobs } from './attachment-blobs.ts';

const { attachmentLimits, attachmentMessages } = tickets;

/** What we serve each allowed extension as; the client's own content type is never trusted. */
const contentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const startsWith = (head: Buffer, ...signatures: (string | number[])[]) =>
  signatures.some((sig) => {
    const bytes = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
    return head.length >= bytes.length && head.subarray(0, bytes.length).equals(bytes);
  });

const zip = (head: Buffer) => startsWith(head, 'PK\x03\x04', 'PK\x05\x06');
/** Plain text: no NUL byte in the first bytes (binary files nearly always have one). */
const text = (head: Buffer) => !head.includes(0);

/** The cheap content checks: the first bytes must match what the extension says. */
const signatures: Record<string, (head: Buffer) => boolean> = {
  pdf: (h) => startsWith(h, '%PDF-'),
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  jpeg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  gif: (h) => startsWith(h, 'GIF87a', 'GIF89a'),
  txt: text,
  csv: text,
  log: text,
  zip,
  docx: zip,
  xlsx: zip,
};

const HEAD_BYTES = 4096;

/** The framework's own answer to a body it cannot read (plugins/error-handler.ts). */
const unreadable = () => new AppError('BAD_REQUEST', 'The request could not be read.');

/**
 * What a failure to parse the multipart body answers: the multipart plugin's own errors carry their
 * 4xx status; the parser's plain errors (no boundary, a part cut short) are an unreadable request.
 */
export const multipartFailure = (error: unknown) =>
  typeof (error as { statusCode?: unknown }).statusCode === 'number' ? error : unreadable();

/** A file name safe to show and to put in a header: no path, no control characters, bounded length. */
export function cleanFileName(name: string): string {
  const base = basename(name.replaceAll('\\', '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  if (base.length <= 150) return base || 'attachment';
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 6 ? base.slice(dot) : '';
  return base.slice(0, 150 - ext.length) + ext;
}

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The content type for a file name, or null when its type may not be attached. */
export function allowedType(fileName: string): string | null {
  const ext = extensionOf(fileName);
  return (attachmentLimits.extensions as readonly string[]).includes(ext) ? (contentTypes[ext] ?? null) : null;
}

export interface StoredFile {
  storageName: string;
  sizeBytes: number;
  sha256: string;
  contentType: string;
}

/**
 * Attachment bytes: in the database when it is PostgreSQL (every API process behind a load balancer
 * sees them), under DATA_DIR/attachments on the embedded default; each under a random name. Checks
 * type (extension and first bytes) and size while streaming, so nothing oversized or disallowed stays.
 */
export function attachmentStore(env: Env, db: Db) {
  const blobs = db.kind === 'postgres' ? databaseBlobs(db) : diskBlobs(join(env.DATA_DIR, 'attachments'));
  const checkName = (storageName: string) => {
    if (!/^[a-f0-9]{32}$/.test(storageName)) throw new Error('bad storage name');
    return storageName;
  };

  return {
    /**
     * Stores an upload. `truncated()` tells whether the multipart limit cut the file off (it was
     * larger than allowed). Throws VALIDATION_ERROR with the field `file` on any refusal.
     */
    async save(fileName: string, stream: Readable, truncated: () => boolean): Promise<StoredFile> {
      const contentType = allowedType(fileName);
      if (!contentType) {
        stream.resume();
        throw invalid({ file: [attachmentMessages.type(fileName)] });
      }
      const storageName = randomBytes(16).toString('hex');
      const hash = createHash('sha256');
      const head: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          hash.update(chunk);
          if (headLength < HEAD_BYTES) {
            head.push(chunk.subarray(0, HEAD_BYTES - headLength));
            headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
          }
          done(null, chunk);
        },
      });
      let readError: unknown;
      stream.once('error', (error) => (readError = error));
      const writer = await blobs.writer(storageName);
      // A multipart body that ends before its closing boundary destroys the file stream without an
      // error, possibly before it is read; pipeline() on a stream destroyed so never settles: a hang.
      if (stream.destroyed) {
        await pipeline(Readable.from([]), writer);
        await blobs.remove([storageName]);
        throw unreadable();
      }
      try {
        await pipeline(stream, meter, writer);
      } catch (error) {
        await blobs.remove([storageName]);
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ file: [attachmentMessages.tooLarge(fileName)] });
        // The body ended in the middle of the file: the client's request, not a failure of ours.
        if (code === 'ERR_STREAM_PREMATURE_CLOSE' || (readError !== undefined && error === readError))
          throw multipartFailure(error);
        throw error;
      }
      const refuse = async (message: string) => {
        await blobs.remove([storageName]);
        return invalid({ file: [message] });
      };
      if (truncated() || size > attachmentLimits.maxBytes) throw await refuse(attachmentMessages.tooLarge(fileName));
      if (size === 0) throw await refuse(attachmentMessages.empty(fileName));
      const check = signatures[extensionOf(fileName)];
      if (!check?.(Buffer.concat(head))) throw await refuse(attachmentMessages.content(fileName));
      return { storageName, sizeBytes: size, sha256: hash.digest('hex'), contentType };
    },

    /** A read stream of the stored bytes, or null when they are gone. */
    open: (storageName: string) => blobs.open(checkName(storageName)),

    remove: (storageNames: readonly string[]) => blobs.remove(storageNames.map(checkName)),
  };
}
export type AttachmentStore = ReturnType<typeof attachmentStore>;
