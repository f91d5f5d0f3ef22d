import { tickets, type Attachment } from '@portal/contract';
import { useCallback, useRef, useState } from 'react';

import { errorMessages } from '../../../lib/api-error.ts';
import { uploadAttachment } from '../api/upload-attachment.ts';
import { checkAttachment } from '../attachment-rules.ts';

export type AttachmentItem =
  | { key: number; name: string; state: 'uploading' }
  | { key: number; name: string; state: 'done'; attachment: Attachment }
  | { key: number; name: string; state: 'failed'; message: string };

/**
 * The files of a reply or a new ticket: each chosen file is checked and uploaded at once, so the
 * message itself sends only their ids. Refusals say why, file by file.
 */
export function useAttachments() {
  const [items, setItems] = useState<AttachmentItem[]>([]);
  const nextKey = useRef(1);

  const update = (key: number, item: AttachmentItem) => setItems((list) => list.map((i) => (i.key === key ? item : i)));

  const add = (files: File[]) => {
    const room = tickets.attachmentLimits.maxPerMessage - items.filter((i) => i.state !== 'failed').length;
    files.forEach((file, index) => {
      const key = nextKey.current++;
      const refusal = index >= room ? tickets.attachmentMessages.tooMany : checkAttachment(file);
      if (refusal) {
        setItems((list) => [...list, { key, name: file.name, state: 'failed', message: refusal }]);
        return;
      }
      setItems((list) => [...list, { key, name: file.name, state: 'uploading' }]);
      uploadAttachment(file).then(
        (attachment) => update(key, { key, name: file.name, state: 'done', attachment }),
        (error: unknown) =>
          update(key, {
            key,
            name: file.name,
            state: 'failed',
            message: errorMessages(error).join(' ') || 'The upload failed.',
          }),
      );
    });
  };

  return {
    items,
    add,
    remove: (key: number) => setItems((list) => list.filter((i) => i.key !== key)),
    reset: useCallback(() => setItems([]), []),
    ids: items.flatMap((i) => (i.state === 'done' ? [i.attachment.attachment_id] : [])),
    busy: items.some((i) => i.state === 'uploading'),
  };
}
export type Attachments = ReturnType<typeof useAttachments>;
