import type { FieldErrors, ResultCode } from '@portal/contract';
import { messages } from '@portal/contract';

/** A request failed before an answer arrived (offline, DNS, aborted connection). */
export type ClientErrorCode = 'NETWORK_ERROR';

/**
 * The one error type of server calls. `handled` is true when the request helper already told
 * the user (popup or redirect), so forms and boxes should not repeat it.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ResultCode | ClientErrorCode,
    message: string,
    readonly status = 0,
    readonly fields: FieldErrors = {},
    readonly handled = false,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * Lines to show for an error in a form's error area: every field message of a
 * VALIDATION_ERROR on its own line, otherwise the server's message.
 */
export function errorMessages(error: unknown): string[] {
  if (!error) return [];
  if (isApiError(error)) {
    if (error.handled) return [];
    if (error.code === 'VALIDATION_ERROR') {
      const lines = Object.values(error.fields).flat();
      if (lines.length > 0) return lines;
    }
    return [error.message || messages.genericError];
  }
  return [messages.genericError];
}
