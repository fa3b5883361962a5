import { Transform } from 'node:stream';

/** How many leading bytes are looked at to tell a file's type. */
const SNIFF_BYTES = 1024;

/** A PDF starts with `%PDF-` (readers accept it within the first kilobyte). */
export function looksLikePdf(head: Buffer): boolean {
  return head.subarray(0, SNIFF_BYTES).includes('%PDF-');
}

/** The image formats a cover may be, by their magic bytes. */
export function imageFormatOf(head: Buffer): 'jpeg' | 'png' | 'webp' | 'gif' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  if (/^GIF8[79]a/.test(head.subarray(0, 6).toString('latin1'))) return 'gif';
  return null;
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
export function sniffing(accept: (head: Buffer) => boolean): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SNIFF_BYTES) return callback();
      const ready = head;
      head = null;
      if (!accept(ready)) return callback(new WrongFileTypeError());
      callback(null, ready);
    },
    flush(callback) {
      if (head === null) return callback();
      const ready = head;
      head = null;
      if (!accept(ready)) return callback(new WrongFileTypeError());
      callback(null, ready);
    },
  });
}
