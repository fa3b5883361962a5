import { DomainErrorType } from './domain-error';

/** The single mapping from domain error types to HTTP statuses. */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorType, number> = {
  invalid_data: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  unavailable: 503,
  unexpected: 500,
};

/** HTTP reason phrases used in the `error` field of the error body. */
export const HTTP_REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function reasonPhrase(status: number): string {
  return HTTP_REASON[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}
