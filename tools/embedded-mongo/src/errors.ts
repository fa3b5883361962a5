import type { Document } from 'bson';

/** An error answered to the client as `{ ok: 0, errmsg, code, codeName }`. */
export class MongoServerError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
    readonly extra: Document = {},
    readonly labels: string[] = [],
  ) {
    super(message);
  }

  toReply(): Document {
    const reply: Document = {
      ok: 0,
      errmsg: this.message,
      code: this.code,
      codeName: this.codeName,
      ...this.extra,
    };
    if (this.labels.length) reply.errorLabels = this.labels;
    return reply;
  }
}

export const badValue = (msg: string): MongoServerError => new MongoServerError(2, 'BadValue', msg);
export const failedToParse = (msg: string): MongoServerError =>
  new MongoServerError(9, 'FailedToParse', msg);
export const typeMismatch = (msg: string): MongoServerError =>
  new MongoServerError(14, 'TypeMismatch', msg);
export const invalidNamespace = (msg: string): MongoServerError =>
  new MongoServerError(73, 'InvalidNamespace', msg);
export const namespaceNotFound = (ns: string): MongoServerError =>
  new MongoServerError(26, 'NamespaceNotFound', `ns does not exist: ${ns}`);
export const commandNotFound = (name: string): MongoServerError =>
  new MongoServerError(59, 'CommandNotFound', `no such command: '${name}'`);
export const noSuchTransaction = (txnNumber: number | string): MongoServerError =>
  new MongoServerError(
    251,
    'NoSuchTransaction',
    `Transaction with { txnNumber: ${txnNumber} } has been aborted.`,
    {},
    ['TransientTransactionError'],
  );
export const writeConflict = (): MongoServerError =>
  new MongoServerError(
    112,
    'WriteConflict',
    'Write conflict during plan execution and yielding is disabled. :: Please retry your operation or multi-document transaction.',
    {},
    ['TransientTransactionError'],
  );

/** Converts anything thrown while running a command into a server error. */
export function toServerError(err: unknown): MongoServerError {
  if (err instanceof MongoServerError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/unknown pipeline operator|Unrecognized pipeline stage/i.test(message)) {
    const m = /(\$\w+)/.exec(message);
    return new MongoServerError(
      40324,
      'Location40324',
      `Unrecognized pipeline stage name: '${m ? m[1] : '?'}'`,
    );
  }
  if (/unknown (query )?operator/i.test(message)) {
    const m = /(\$\w+)/.exec(message);
    return badValue(`unknown operator: ${m ? m[1] : '?'}`);
  }
  if (/Invalid regular expression/i.test(message)) {
    return new MongoServerError(
      51091,
      'Location51091',
      `Regular expression is invalid: ${message}`,
    );
  }
  if (/BSON|too large|exceeds/i.test(message) && /size|large/i.test(message)) {
    return new MongoServerError(10334, 'BSONObjectTooLarge', message);
  }
  return badValue(message);
}
