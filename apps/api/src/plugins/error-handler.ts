import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ZodError } from 'zod';

import { messages, resultStatus, type FieldErrors, type ResultCode } from '@portal/contract';

import { AppError } from '../lib/errors.ts';

export function validationError(error: ZodError): AppError {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (fields[field] ??= []).push(issue.message);
  }
  return new AppError('VALIDATION_ERROR', 'The given data was invalid.', fields);
}

/**
 * What a client gets for a failure the framework or Node's HTTP parser raises (bad JSON, wrong media
 * type, oversized body or headers, undecodable URL, ...): our code and our own words, never the
 * framework's text, which can name internals.
 */
const frameworkAnswers: Partial<Record<number, { code: ResultCode; message: string }>> = {
  400: { code: 'BAD_REQUEST', message: 'The request could not be read.' },
  404: { code: 'NOT_FOUND', message: 'There is no such call.' },
  // A known path with another method is, to the caller, no such call.
  405: { code: 'NOT_FOUND', message: 'There is no such call.' },
  408: { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive.' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' },
  414: { code: 'URI_TOO_LONG', message: 'The address of the request is too long.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body is of a type this call does not accept.' },
  431: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
};

/** Any other 4xx is the client's fault we have no better word for: BAD_REQUEST. */
export const answerFor = (status: number | undefined) =>
  (status && frameworkAnswers[status]) || (status && status >= 400 && status < 500 ? frameworkAnswers[400] : undefined);

/** The headers that describe a download's file, not an envelope. */
const fileHeaders = ['content-disposition', 'content-length', 'content-type', 'content-encoding'];

const send = (reply: FastifyReply, code: ResultCode, message: string, data: unknown = null) => {
  // A download that failed as its stream started (a header Node refused) has had its headers copied
  // onto the response one by one: the file's length left there made the envelope claim the file's
  // bytes, and the client waited for them forever. The envelope sets its own.
  if (!reply.raw.headersSent)
    for (const name of fileHeaders) {
      reply.removeHeader(name);
      reply.raw.removeHeader(name);
    }
  return reply.status(resultStatus[code]).send({ data, code, message });
};

/** Maps every failure to the envelope; nothing internal (stack, SQL) ever leaves the process. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'SERVER_ERROR' || error.code === 'MAIL_FAILED')
        request.log.error({ err: error }, error.message);
      return send(reply, error.code, error.message, error.data);
    }
    const status = (error as FastifyError).statusCode;
    // The rate limiter's message says when to try again.
    if (status === 429) return send(reply, 'TOO_MANY_ATTEMPTS', error.message);
    const answer = answerFor(status);
    if (answer) return send(reply, answer.code, answer.message);
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'SERVER_ERROR', messages.genericError);
  });
}

/**
 * Fastify's `frameworkErrors`: failures raised before a route is chosen (an undecodable URL, a path
 * parameter over the router's limit), which never reach the error handler.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'framework error');
  const answer = answerFor(error.statusCode) ?? { code: 'SERVER_ERROR' as const, message: messages.genericError };
  // Raised before any route, so no onSend hook runs: the no-store of /api answers is set here.
  void send(reply.header('cache-control', 'no-store'), answer.code, answer.message);
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser rejects the request before Fastify sees it
 * (headers over the limit, an unreadable request line or Content-Length, a timeout), so the answer is
 * written to the socket by hand, in the envelope like every other.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const answer = frameworkAnswers[status] ?? { code: 'BAD_REQUEST', message: 'The request could not be read.' };
  const body = JSON.stringify({ data: null, code: answer.code, message: answer.message });
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

/** The Fastify options that route framework-level failures through the envelope. */
export const errorServerOptions = { frameworkErrors, clientErrorHandler } satisfies FastifyServerOptions;
