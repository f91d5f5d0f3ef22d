import { messages, type FieldErrors, type ResultCode } from '@portal/contract';

/** A failure the caller may see: its code and message go into the envelope as they are. */
export class AppError extends Error {
  constructor(
    readonly code: ResultCode,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string = messages.notFound) => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('FORBIDDEN', message);

/** A VALIDATION_ERROR for rules checked in services (beyond the contract's schema). */
export const invalid = (fields: FieldErrors, message = 'The given data was invalid.') =>
  new AppError('VALIDATION_ERROR', message, fields);
