import { HttpException } from '@nestjs/common';
import { messagesHe } from '../messages.he';
import { DomainError, FieldProblem } from './domain-error';
import { DOMAIN_ERROR_STATUS, reasonPhrase } from './error-status';

/** The one JSON error shape of the API. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  details?: FieldProblem[];
}

export interface MappedError {
  body: ErrorBody;
  /** Which backing service failed, when the error is a 503 caused by one. */
  dependency?: 'mongodb' | 'redis';
  /** true when the error is ours (a bug or an unknown failure) and must be logged with its stack. */
  unexpected: boolean;
  /** true when the client went away before the request was read: nobody gets the answer. */
  clientAborted?: boolean;
}

const HEBREW = /[\u0590-\u05FF]/;

const MESSAGE_BY_STATUS: Record<number, string> = {
  400: messagesHe.errors.badRequest,
  401: messagesHe.errors.unauthorized,
  403: messagesHe.errors.forbidden,
  404: messagesHe.errors.notFound,
  409: messagesHe.errors.conflict,
  413: messagesHe.errors.payloadTooLarge,
  415: messagesHe.errors.unsupportedMediaType,
  429: messagesHe.errors.tooManyRequests,
  503: messagesHe.errors.unavailable,
};

const MONGO_UNAVAILABLE = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);

/** Names the backing service an infrastructure error comes from, or undefined when it is not one. */
export function unavailableDependency(error: unknown): 'mongodb' | 'redis' | undefined {
  if (!(error instanceof Error)) return undefined;
  if (MONGO_UNAVAILABLE.has(error.name)) return 'mongodb';
  if (
    error.name === 'MongooseError' &&
    /buffering timed out|initial connection|not connected/i.test(error.message)
  ) {
    return 'mongodb';
  }
  if (error.name === 'MaxRetriesPerRequestError') return 'redis';
  if (/enableOfflineQueue|Connection is closed|Connection in subscriber mode/i.test(error.message))
    return 'redis';
  return undefined;
}

function body(statusCode: number, message: string, details?: FieldProblem[]): ErrorBody {
  return details?.length
    ? { statusCode, error: reasonPhrase(statusCode), message, details }
    : { statusCode, error: reasonPhrase(statusCode), message };
}

function messageForStatus(status: number): string {
  return (
    MESSAGE_BY_STATUS[status] ??
    (status >= 500 ? messagesHe.errors.internal : messagesHe.errors.badRequest)
  );
}

/** Errors raised by Fastify itself (body parsing, limits) carry a code and a status. */
function fastifyError(error: unknown): { code: string; statusCode: number } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'string' && code.startsWith('FST_') && typeof statusCode === 'number') {
    return { code, statusCode };
  }
  return undefined;
}

/** Node's error when the client closes the connection while its request body is being read. */
function isClientAbort(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'ECONNRESET' && message === 'aborted';
}

/** Maps anything thrown while serving a request to the error shape and its status. */
export function mapError(error: unknown): MappedError {
  if (isClientAbort(error)) {
    return {
      body: body(400, messagesHe.errors.badRequest),
      unexpected: false,
      clientAborted: true,
    };
  }

  if (error instanceof DomainError) {
    const status = DOMAIN_ERROR_STATUS[error.type];
    const dependency =
      error.type === 'unavailable' ? unavailableDependency(error.cause) : undefined;
    return {
      body: body(status, error.message, error.details),
      dependency,
      unexpected: status >= 500 && status !== 503,
    };
  }

  // Nest wraps Fastify's own 4xx errors (body parsing, limits) in an HttpException.
  if (error instanceof HttpException && fastifyError(error.cause)) {
    return mapError(error.cause);
  }

  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const raw =
      typeof response === 'string' ? response : (response as { message?: unknown }).message;
    const text = typeof raw === 'string' && HEBREW.test(raw) ? raw : messageForStatus(status);
    const message =
      status === 404 && !HEBREW.test(String(raw)) ? messagesHe.errors.routeNotFound : text;
    return { body: body(status, message), unexpected: status >= 500 && status !== 503 };
  }

  const fst = fastifyError(error);
  if (fst) {
    if (
      fst.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fst.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      return { body: body(400, messagesHe.errors.malformedJson), unexpected: false };
    }
    if (fst.code === 'FST_ERR_BAD_URL') {
      return { body: body(400, messagesHe.errors.badUrl), unexpected: false };
    }
    if (fst.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return { body: body(414, messagesHe.errors.urlTooLong), unexpected: false };
    }
    if (fst.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return { body: body(413, messagesHe.errors.payloadTooLarge), unexpected: false };
    }
    if (fst.statusCode >= 400 && fst.statusCode < 500) {
      return { body: body(fst.statusCode, messageForStatus(fst.statusCode)), unexpected: false };
    }
  }

  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
    return { body: body(400, messagesHe.errors.malformedJson), unexpected: false };
  }

  const dependency = unavailableDependency(error);
  if (dependency) {
    const message =
      dependency === 'mongodb'
        ? messagesHe.errors.databaseUnavailable
        : messagesHe.errors.queueUnavailable;
    return { body: body(503, message), dependency, unexpected: false };
  }

  return { body: body(500, messagesHe.errors.internal), unexpected: true };
}
