/**
 * What went wrong, independent of transport. Services throw {@link DomainError} with one of these;
 * `error-status.ts` is the one place that maps a type to an HTTP status.
 */
export type DomainErrorType =
  | 'invalid_data'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'too_many_requests'
  | 'unavailable'
  | 'unexpected';

/** A field-level problem, shown beside the form field it concerns. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * The one error class of the API's services. `message` is shown to users, so it is Hebrew
 * (take it from `messages.he.ts`); `details` names each offending field.
 *
 * @example throw new DomainError('not_found', messagesHe.books.notFound)
 */
export class DomainError extends Error {
  constructor(
    readonly type: DomainErrorType,
    message: string,
    readonly details?: FieldProblem[],
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  /** For `too_many_requests`: when the client may try again (sent as `Retry-After`). */
  readonly retryAfterSeconds?: number;

  static isDomainError(value: unknown): value is DomainError {
    return value instanceof DomainError;
  }
}
