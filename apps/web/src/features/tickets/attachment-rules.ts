import { tickets } from '@portal/contract';

const { attachmentLimits, attachmentMessages } = tickets;

/** The file chooser's accept list: the extensions the API takes. */
export const acceptedExtensions = attachmentLimits.extensions.map((ext) => `.${ext}`).join(',');

/** The checks the API makes that the browser can make first (type by name, size); null when fine. */
export function checkAttachment(file: { name: string; size: number }): string | null {
  const dot = file.name.lastIndexOf('.');
  const ext = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (!(attachmentLimits.extensions as readonly string[]).includes(ext)) return attachmentMessages.type(file.name);
  if (file.size > attachmentLimits.maxBytes) return attachmentMessages.tooLarge(file.name);
  if (file.size === 0) return attachmentMessages.empty(file.name);
  return null;
}
