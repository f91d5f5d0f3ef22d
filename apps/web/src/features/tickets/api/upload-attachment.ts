import * as calls from '@portal/contract/routes';

import { request } from '../../../lib/request.ts';

/** Uploads one file (multipart field "file"); the answer's id goes with the reply or new ticket. */
export function uploadAttachment(file: File, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  return request(calls.tickets.uploadAttachment, {}, { form, ...(signal ? { signal } : {}) });
}
