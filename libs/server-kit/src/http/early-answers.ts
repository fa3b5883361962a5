import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { MAX_REQUEST_BODY_BYTES } from '@mechabrim/contracts';

/**
 * An answer sent before its request's body has all arrived — a refused upload, a 413 past the body
 * limit, a 401 or 429 on a body the route never needed — leaves the rest of that body on the
 * connection. Node throws an unread body away by itself only when nobody has started to read it;
 * once a parser has read part of it and stopped (busboy after a refused file, the JSON reader at
 * the body limit), the connection stalls with the rest unread, and the next request on it — through
 * a proxy's pooled connection, another client's — is never answered (fastify/fastify-multipart#497).
 *
 * So every server that takes bodies reads the rest after an early answer and throws it away, up to
 * `maxBytes` and while it keeps arriving (`idleMs` between chunks); past either bound it closes the
 * connection. A body declared over `maxBytes` gets `Connection: close` on the answer, so the
 * client sends nothing more on it. Reading (not closing) is the default because a
 * connection closed with unread data in it is reset, and a reset can destroy the answer before the
 * client has read it.
 */
export interface EarlyAnswerBounds {
  /** Bytes of an unread rest read and thrown away before closing instead (default 256 MiB). */
  maxBytes?: number;
  /** The longest pause between two chunks of the rest before closing (default 10 s). */
  idleMs?: number;
}

export const EARLY_ANSWER_DEFAULTS: Required<EarlyAnswerBounds> = {
  maxBytes: MAX_REQUEST_BODY_BYTES,
  idleMs: 10_000,
};

/** The body's declared length, if any (a chunked body declares none). */
function declaredLength(request: IncomingMessage): number | undefined {
  const declared = Number(request.headers['content-length']);
  return Number.isSafeInteger(declared) && declared >= 0 ? declared : undefined;
}

/** True when this request has a body that has not all arrived (and can still arrive). */
export function bodyStillArriving(request: IncomingMessage): boolean {
  return !request.complete && !request.destroyed && !request.socket.destroyed;
}

/**
 * Whether the answer to a request whose body is still arriving should close the connection:
 * when its declared length is over the bound, reading it would cost more than a new connection.
 */
export function shouldCloseAfterEarlyAnswer(
  request: IncomingMessage,
  bounds: EarlyAnswerBounds = {},
): boolean {
  if (!bodyStillArriving(request)) return false;
  // Node does not say how much of the body has been read: the whole declared length stands for the
  // rest, which errs on the side of closing.
  const length = declaredLength(request);
  return length !== undefined && length > (bounds.maxBytes ?? EARLY_ANSWER_DEFAULTS.maxBytes);
}

/**
 * Reads and throws away what is left of `request`'s body once its answer has been sent; closes the
 * connection past `maxBytes` or after `idleMs` without a chunk.
 */
export function discardRestOfBody(request: IncomingMessage, bounds: EarlyAnswerBounds = {}): void {
  if (!bodyStillArriving(request)) return;
  const maxBytes = bounds.maxBytes ?? EARLY_ANSWER_DEFAULTS.maxBytes;
  const idleMs = bounds.idleMs ?? EARLY_ANSWER_DEFAULTS.idleMs;
  const socket = request.socket;
  let discarded = 0;
  let idle: NodeJS.Timeout | undefined;
  const stop = () => {
    clearTimeout(idle);
    request.off('data', count);
    request.off('end', stop);
    request.off('close', stop);
  };
  const close = () => {
    stop();
    socket.destroy();
  };
  const wait = () => {
    clearTimeout(idle);
    idle = setTimeout(close, idleMs);
    idle.unref();
  };
  function count(chunk: Buffer) {
    discarded += chunk.length;
    if (discarded > maxBytes) close();
    else wait();
  }
  // A parser that stopped may have left its own listeners and pipes: they no longer read.
  request.unpipe();
  request.on('data', count);
  request.once('end', stop);
  request.once('close', stop);
  wait();
  request.resume();
}

/**
 * Registers both halves on a Fastify server. As the answer's headers are written: a body declared
 * over the bound gets `Connection: close`; any other body still arriving is read away after the
 * answer instead, so the `Connection: close` that Fastify's body parsers (at a body limit or a bad
 * body) and @fastify/reply-from (when the upstream answered early) put on such an answer is taken
 * off — closing with the rest unread can reset the connection before the client has read the
 * answer, and a proxy in front then has no answer to pass on (502 instead of the 413).
 */
export function readRestAfterEarlyAnswers(
  fastify: FastifyInstance,
  bounds: EarlyAnswerBounds = {},
): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (bodyStillArriving(request.raw)) {
      if (shouldCloseAfterEarlyAnswer(request.raw, bounds))
        void reply.header('connection', 'close');
      else void reply.removeHeader('connection');
    }
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, _reply, done) => {
    discardRestOfBody(request.raw, bounds);
    done();
  });
}
