import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodError } from 'zod';

import { messages, resultStatus, type FieldErrors } from '@portal/contract';

import { AppError } from '../lib/errors.ts';

export function validationError(error: ZodError): AppError {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (fields[field] ??= []).push(issue.message);
  }
  return new AppError('VALIDATION_ERROR', 'The given data was invalid.', fields);
}

/** Maps every failure to the envelope; nothing internal (stack, SQL) ever leaves the process. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'SERVER_ERROR' || error.code === 'MAIL_FAILED')
        request.log.error({ err: error }, error.message);
      return reply
        .status(resultStatus[error.code])
        .send({ data: error.data, code: error.code, message: error.message });
    }
    const status = (error as FastifyError).statusCode;
    if (status === 413) {
      return reply.status(413).send({ data: null, code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
    }
    if (status === 429) {
      return reply.status(429).send({ data: null, code: 'TOO_MANY_ATTEMPTS', message: error.message });
    }
    if (status === 404 || status === 405) {
      return reply.status(404).send({ data: null, code: 'NOT_FOUND', message: 'There is no such call.' });
    }
    if (status && status >= 400 && status < 500) {
      return reply.status(400).send({ data: null, code: 'BAD_REQUEST', message: 'The request could not be read.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ data: null, code: 'SERVER_ERROR', message: messages.genericError });
  });
}
