import { Document, serialize } from 'bson';
import { decodeDocument } from '../numbers';
import { crc32c } from './crc32c';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;
/** MongoDB's maxMessageSizeBytes. */
export const MAX_MESSAGE_SIZE = 48_000_000;
export const MAX_BSON_SIZE = 16 * 1024 * 1024;

export const FLAG_CHECKSUM = 1 << 0;
export const FLAG_MORE_TO_COME = 1 << 1;
export const FLAG_EXHAUST_ALLOWED = 1 << 16;

/** A frame that cannot be parsed; the connection that sent it is closed. */
export class FrameError extends Error {}

export interface Header {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export type Request =
  | { kind: 'msg'; header: Header; flags: number; body: Document }
  | { kind: 'query'; header: Header; collection: string; body: Document };

/** Reads a message length from the first 4 bytes, validating bounds. */
export function frameLength(buf: Buffer): number {
  const len = buf.readInt32LE(0);
  if (len < 16 || len > MAX_MESSAGE_SIZE) throw new FrameError(`invalid message length ${len}`);
  return len;
}

/** Reads one BSON document; `command`: its own fields are a command's arguments (see decodeDocument). */
function readDoc(buf: Buffer, off: number, end: number, command: boolean): [Document, number] {
  if (off + 5 > end) throw new FrameError('truncated document');
  const size = buf.readInt32LE(off);
  if (size < 5 || off + size > end) throw new FrameError('invalid document size');
  if (buf[off + size - 1] !== 0) throw new FrameError('document not terminated');
  try {
    return [decodeDocument(buf.subarray(off, off + size), command, { utf8: true }), off + size];
  } catch (e) {
    throw new FrameError(`invalid BSON: ${(e as Error).message}`);
  }
}

function readCString(buf: Buffer, off: number, end: number): [string, number] {
  const z = buf.indexOf(0, off);
  if (z < 0 || z >= end) throw new FrameError('unterminated cstring');
  return [buf.toString('utf8', off, z), z + 1];
}

/** Parses one complete message. Throws FrameError for anything malformed. */
export function parseMessage(buf: Buffer): Request {
  if (buf.length < 16) throw new FrameError('short message');
  const header: Header = {
    length: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
  if (header.length !== buf.length) throw new FrameError('length mismatch');
  if (header.opCode === OP_MSG) return parseOpMsg(buf, header);
  if (header.opCode === OP_QUERY) return parseOpQuery(buf, header);
  throw new FrameError(`unsupported opCode ${header.opCode}`);
}

function parseOpMsg(buf: Buffer, header: Header): Request {
  if (buf.length < 21) throw new FrameError('short OP_MSG');
  const flags = buf.readUInt32LE(16);
  // Bits 0-15 are required: unknown ones must make the message fail.
  if (flags & 0xfffc) throw new FrameError(`unknown required flag bits ${flags}`);
  let end = buf.length;
  if (flags & FLAG_CHECKSUM) {
    end -= 4;
    if (end < 21) throw new FrameError('short OP_MSG with checksum');
    if (crc32c(buf, 0, end) !== buf.readUInt32LE(end)) throw new FrameError('checksum mismatch');
  }
  let off = 20;
  let body: Document | null = null;
  const sequences: [string, Document[]][] = [];
  while (off < end) {
    const kind = buf[off++];
    if (kind === 0) {
      if (body) throw new FrameError('more than one body section');
      [body, off] = readDoc(buf, off, end, true);
    } else if (kind === 1) {
      if (off + 4 > end) throw new FrameError('truncated sequence');
      const size = buf.readInt32LE(off);
      const secEnd = off + size;
      if (size < 5 || secEnd > end) throw new FrameError('invalid sequence size');
      const [id, afterId] = readCString(buf, off + 4, secEnd);
      let p = afterId;
      const docs: Document[] = [];
      while (p < secEnd) {
        let d: Document;
        [d, p] = readDoc(buf, p, secEnd, false);
        docs.push(d);
      }
      sequences.push([id, docs]);
      off = secEnd;
    } else throw new FrameError(`unknown section kind ${kind}`);
  }
  if (!body) throw new FrameError('missing body section');
  for (const [id, docs] of sequences) {
    if (id in body) throw new FrameError(`duplicate field ${id} in body and sequence`);
    body[id] = docs;
  }
  return { kind: 'msg', header, flags, body };
}

function parseOpQuery(buf: Buffer, header: Header): Request {
  const [collection, afterName] = readCString(buf, 20, buf.length); // after flags
  const off = afterName + 8; // numberToSkip, numberToReturn
  const [query] = readDoc(buf, off, buf.length, true);
  const body = isWrapped(query) ? (query.$query as Document) : query;
  return { kind: 'query', header, collection, body };
}

function isWrapped(q: Document): boolean {
  return typeof q.$query === 'object' && q.$query !== null;
}

export function encodeOpMsg(
  requestId: number,
  responseTo: number,
  doc: Document,
  flags = 0,
): Buffer {
  const body = serialize(doc);
  const out = Buffer.allocUnsafe(21 + body.length);
  out.writeInt32LE(out.length, 0);
  out.writeInt32LE(requestId, 4);
  out.writeInt32LE(responseTo, 8);
  out.writeInt32LE(OP_MSG, 12);
  out.writeUInt32LE(flags, 16);
  out[20] = 0;
  out.set(body, 21);
  return out;
}

export function encodeOpReply(requestId: number, responseTo: number, doc: Document): Buffer {
  const body = serialize(doc);
  const out = Buffer.allocUnsafe(36 + body.length);
  out.writeInt32LE(out.length, 0);
  out.writeInt32LE(requestId, 4);
  out.writeInt32LE(responseTo, 8);
  out.writeInt32LE(OP_REPLY, 12);
  out.writeInt32LE(0, 16); // responseFlags
  out.writeBigInt64LE(0n, 20); // cursorID
  out.writeInt32LE(0, 28); // startingFrom
  out.writeInt32LE(1, 32); // numberReturned
  out.set(body, 36);
  return out;
}
