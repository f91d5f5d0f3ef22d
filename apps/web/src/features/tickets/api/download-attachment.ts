import { tickets } from '@portal/contract';

import { download } from '../../../lib/download.ts';

/** Saves an attachment (fetched with the user's token); a failure shows the Download Error popup. */
export const downloadAttachment = (attachmentId: number, fileName: string) =>
  download(tickets.downloadAttachment, { attachmentId }, { fallbackName: fileName });
