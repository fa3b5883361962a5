import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { mapError } from '../errors/error-body';

/**
 * Every error thrown inside Nest (controllers, guards, pipes, unknown routes) leaves as
 * `{statusCode, error, message[, details]}`.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    sendError(exception, request, reply);
  }
}

/** Shared by the Nest filter and Fastify's own error handler (errors before routing, e.g. JSON parsing). */
export function sendError(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const mapped = mapError(exception);
  if (mapped.clientAborted) {
    // Routine (a closed tab, a lost connection), not a fault of ours: one line, no stack.
    request.log.info(
      { reqId: request.id, method: request.method, url: request.url },
      'request aborted by the client',
    );
    return;
  }
  if (mapped.unexpected) {
    request.log.error({ reqId: request.id, err: exception }, 'unhandled error');
  } else if (mapped.dependency) {
    request.log.warn(
      { reqId: request.id, dependency: mapped.dependency, err: exception },
      'dependency unavailable',
    );
  }
  if (reply.sent) return;
  if (exception instanceof DomainError && exception.retryAfterSeconds !== undefined) {
    void reply.header('retry-after', String(exception.retryAfterSeconds));
  }
  void reply
    .status(mapped.body.statusCode)
    .header('content-type', 'application/json; charset=utf-8')
    .send(mapped.body);
}
