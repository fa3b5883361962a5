import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type/core';

/** How many leading bytes are looked at to tell a file's type. */
const SNIFF_BYTES = 1024;

/**
 * A PDF starts with `%PDF-`, which readers accept anywhere in the first kilobyte (`file-type`
 * only at the very start, so this one rule stays ours).
 */
export function looksLikePdf(head: Buffer): boolean {
  return head.subarray(0, SNIFF_BYTES).includes('%PDF-');
}

/** The image formats a cover may be. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** Whether the first bytes are a cover's image format, as `file-type` reads their signature. */
export async function looksLikeImage(head: Buffer): Promise<boolean> {
  const type = await fileTypeFromBuffer(head);
  return type !== undefined && IMAGE_TYPES.has(type.mime);
}

/** Thrown by {@link sniffing} when the first bytes are not what the field expects. */
export class WrongFileTypeError extends Error {
  constructor() {
    super('wrong file type');
    this.name = 'WrongFileTypeError';
  }
}

/**
 * Passes a stream through once its first bytes pass `accept`; otherwise fails it before anything
 * past them is written.
 */
export function sniffing(accept: (head: Buffer) => boolean | Promise<boolean>): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  /** Hands the first bytes on when they pass, else fails the stream. */
  const release = (ready: Buffer, callback: TransformCallback) => {
    Promise.resolve(accept(ready)).then(
      (passed) => (passed ? callback(null, ready) : callback(new WrongFileTypeError())),
      (error: unknown) => callback(error instanceof Error ? error : new WrongFileTypeError()),
    );
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SNIFF_BYTES) return callback();
      const ready = head;
      head = null;
      release(ready, callback);
    },
    flush(callback) {
      if (head === null) return callback();
      const ready = head;
      head = null;
      release(ready, callback);
    },
  });
}
