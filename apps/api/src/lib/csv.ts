import { Readable } from 'node:stream';

import type { FastifyReply } from 'fastify';

import { attachment } from './attachment.ts';

/** Records are written by the portal's one CSV writer (csvRecord, @portal/contract; decision 057). */
export { csvRecord, type CsvValue } from '@portal/contract';

/**
 * Sends CSV text (records made by `csvRecord`, one chunk or many) as a download named `fileName`.
 * Chunks are streamed, so a long file holds one chunk in memory at a time.
 */
export const sendCsv = (reply: FastifyReply, fileName: string, chunks: Iterable<string> | AsyncIterable<string>) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachment(fileName))
    .send(Readable.from(chunks));
