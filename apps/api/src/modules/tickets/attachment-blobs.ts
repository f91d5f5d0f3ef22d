import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';

import type { Db } from '../../db/client.ts';
import { deleteBlobs, findBlobChunk, insertBlobChunk } from './attachment-blobs.repository.ts';

/** Where attachment bytes live: written as a stream, read as a stream, removed by name. */
export interface BlobStorage {
  writer(storageName: string): Promise<Writable>;
  open(storageName: string): Promise<Readable | null>;
  remove(storageNames: readonly string[]): Promise<void>;
}

const CHUNK_BYTES = 256 * 1024;

/** The embedded default: files under DATA_DIR/attachments, outside the web root. */
export function diskBlobs(dir: string): BlobStorage {
  const pathOf = (name: string) => join(dir, name);
  return {
    async writer(name) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      return createWriteStream(pathOf(name), { mode: 0o600 });
    },
    async open(name) {
      const exists = await stat(pathOf(name)).then(
        (s) => s.isFile(),
        () => false,
      );
      return exists ? createReadStream(pathOf(name)) : null;
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(pathOf(name), { force: true })));
    },
  };
}

/**
 * On PostgreSQL: rows of 256 KiB in attachment_blobs, so any API process serves any upload. Writing
 * and reading hold one chunk in memory at a time.
 */
export function databaseBlobs(db: Db): BlobStorage {
  return {
    async writer(name) {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let chunkNo = 0;
      const flush = async () => {
        if (pendingBytes === 0) return;
        const data = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        for (let at = 0; at < data.length; at += CHUNK_BYTES) {
          await insertBlobChunk(db, name, chunkNo, data.subarray(at, at + CHUNK_BYTES));
          chunkNo += 1;
        }
      };
      return new Writable({
        write(chunk: Buffer, _encoding, done) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes < CHUNK_BYTES) return done();
          flush().then(() => done(), done);
        },
        final(done) {
          flush().then(() => done(), done);
        },
      });
    },
    async open(name) {
      const first = await findBlobChunk(db, name, 0);
      if (!first) return null;
      let next = 1;
      let head: Uint8Array | undefined = first.data;
      return new Readable({
        read() {
          if (head) {
            this.push(Buffer.from(head));
            head = undefined;
            return;
          }
          findBlobChunk(db, name, next).then(
            (row) => {
              next += 1;
              this.push(row ? Buffer.from(row.data) : null);
            },
            (error: Error) => this.destroy(error),
          );
        },
      });
    },
    async remove(names) {
      if (names.length) await deleteBlobs(db, names);
    },
  };
}
