import { fieldErrors, firstMessage } from '@barberly/common';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { isInvalidValue } from '../db/invalid-value';
import { isDatabaseUnavailable } from '../db/unavailable';

/** A failure the client caused or may be told about. One handler turns it into the JSON error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'invalid_input', message, fields);
export const unauthorized = (message = 'No auth session available') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new HttpError(409, 'conflict', message, fields);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'too_many_requests', 'Too many requests. Please wait a moment and try again.', undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const serviceUnavailable = (message = 'The service is temporarily unavailable. Please try again shortly.') =>
  new HttpError(503, 'service_unavailable', message);

/** Validates input at the edge: the schema's messages reach the client as `message` and per-field `fields`. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw badRequest(firstMessage(result.error), fieldErrors(result.error));
  return result.data;
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(notFound(`No route for ${req.method} ${req.path}`));
};

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const requestId = String(req.id ?? '');
    let httpError: HttpError;
    if (err instanceof HttpError) {
      httpError = err;
    } else if ((err as BodyParserError).type === 'entity.parse.failed') {
      httpError = badRequest('The request body is not valid JSON.');
    } else if ((err as BodyParserError).type === 'entity.too.large') {
      httpError = new HttpError(413, 'payload_too_large', 'The request body is too large.');
    } else if ((err as BodyParserError).status && (err as BodyParserError).status! < 500) {
      httpError = badRequest(err.message);
    } else if (isInvalidValue(err)) {
      httpError = badRequest('The request contains a value that is not valid.');
    } else if (isDatabaseUnavailable(err)) {
      logger.error({ err, requestId }, 'database unavailable');
      httpError = serviceUnavailable();
    } else {
      logger.error({ err, requestId, method: req.method, path: req.path }, 'unhandled error');
      httpError = new HttpError(500, 'internal_error', 'Something went wrong on our side. Please try again.');
    }
    if (res.headersSent) return;
    if (httpError.headers) res.set(httpError.headers);
    res.status(httpError.status).json({
      error: {
        code: httpError.code,
        message: httpError.message,
        ...(httpError.fields ? { fields: httpError.fields } : {}),
        ...(httpError.status >= 500 ? { requestId } : {}),
      },
    });
  };
}
