import type { Db } from '../../db/client.ts';

export const insertBlobChunk = (db: Db, storageName: string, chunkNo: number, data: Buffer) =>
  db.query('INSERT INTO attachment_blobs (storage_name, chunk_no, data) VALUES ($1, $2, $3)', [
    storageName,
    chunkNo,
    data,
  ]);

/** One chunk's bytes, or undefined past the last one. */
export const findBlobChunk = (db: Db, storageName: string, chunkNo: number) =>
  db.one<{ data: Uint8Array }>('SELECT data FROM attachment_blobs WHERE storage_name = $1 AND chunk_no = $2', [
    storageName,
    chunkNo,
  ]);

export const deleteBlobs = (db: Db, storageNames: readonly string[]) =>
  db.query('DELETE FROM attachment_blobs WHERE storage_name = ANY($1::text[])', [storageNames]);
