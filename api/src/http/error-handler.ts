import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from './envelope.ts';
import { AppError } from './errors.ts';

const STATUS_CODES: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  414: 'URI_TOO_LONG',
  416: 'RANGE_NOT_SATISFIABLE',
  431: 'HEADERS_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/** One shape for every failure, and no stack trace or internal detail ever leaves the server. */
export function errorHandler(app: FastifyInstance) {
  return (error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const send = (status: number, code: string, message: string, details: Record<string, unknown> = {}) =>
      reply.code(status).send(refusal(code, message, details));

    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return send(error.statusCode, error.code, error.message, error.details);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) return send(400, 'VALIDATION_ERROR', fastifyError.message);
    if (fastifyError.code === 'FST_ERR_HANDLER_TIMEOUT') {
      // Fastify's clock starts before the body arrives: a body still on its way is the client's slowness, met by
      // the request limit at the same moment. It gets that one answer, and the connection is closed, so Node's own
      // 408 cannot follow it on the same connection.
      if (!request.raw.complete) {
        reply.header('connection', 'close');
        return send(408, 'REQUEST_TIMEOUT', 'The request took too long to arrive');
      }
      request.log.warn({ url: request.url }, 'handler timed out');
      return send(503, 'TIMEOUT', 'The server took too long to answer. Please try again.');
    }
    const status = fastifyError.statusCode;
    if (status && status >= 400 && status < 500) {
      if (fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || fastifyError.code === 'FST_FILES_LIMIT') {
        return send(413, 'FILE_TOO_LARGE', 'The file is larger than 10 MB');
      }
      if (fastifyError.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return send(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
      return send(status, STATUS_CODES[status] ?? 'BAD_REQUEST', fastifyError.message || 'Bad request');
    }
    app.log.error({ err: error, url: request.url }, 'unhandled error');
    return send(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
  };
}

/** Any address no route answers: 404 in the envelope, naming what was asked. */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(404).send(refusal('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
}
