import type { Call, CallInput, CallRoute, Envelope, ResultCode } from '@portal/contract';
import { popups, resultStatus, sessionCodes } from '@portal/contract';

import { handleErrorCode } from './error-catalogue.ts';
import type { Popup } from './popups.ts';
import { showPopup } from './popups.ts';
import { prepareRequest } from './request.ts';

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Saves a file the browser holds (a download made in the page, e.g. a chart's CSV) under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a binary call and saves it under the server's file name. Session errors follow the
 * error catalogue; any other failure shows the Download Error popup. Resolves true when saved.
 */
export async function download<C extends Call>(
  call: CallRoute<C>,
  input: CallInput<C>,
  options: { errorPopup?: Popup; fallbackName?: string; fileName?: string } = {},
): Promise<boolean> {
  const errorPopup = options.errorPopup ?? popups.downloadError;
  const { url, init } = prepareRequest(call, input as object);
  try {
    const response = await fetch(url, init);
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && !type.includes('application/json')) {
      // A page may name the file itself (a chart's CSV is named after the chart and its range).
      const name =
        options.fileName ??
        fileNameFromDisposition(response.headers.get('content-disposition'), options.fallbackName ?? 'download');
      saveBlob(await response.blob(), name);
      return true;
    }
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    const code = envelope?.code;
    if (code && code in resultStatus && (sessionCodes as readonly string[]).includes(code)) {
      handleErrorCode(code as ResultCode, envelope.message, response.status);
      return false;
    }
  } catch {
    // network failure: same popup as a refused download
  }
  showPopup(errorPopup);
  return false;
}
