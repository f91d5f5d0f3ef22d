import * as calls from '@portal/contract/routes';

import { download } from '../../../lib/download.ts';

/** Saves an attachment (fetched with the user's token); a failure shows the Download Error popup. */
export const downloadAttachment = (attachmentId: number, fileName: string) =>
  download(calls.tickets.downloadAttachment, { attachmentId }, { fallbackName: fileName });
