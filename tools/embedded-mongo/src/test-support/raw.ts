import * as net from 'node:net';
import { Document, deserialize, serialize } from 'bson';
import { crc32c } from '../wire/crc32c';

/** A bare TCP client for wire-level tests: sends bytes, reads whole frames. */
export class RawClient {
  private buf = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed = false;
  private requestId = 1;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (c) => {
      this.buf = Buffer.concat([this.buf, c]);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(new RawClient(s)));
      s.once('error', reject);
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }

  send(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /**
   * Next complete frame, or null if the server closed the connection (or timeout). The default
   * only bounds a failing test: it is generous because a loaded CI machine can stall the process.
   */
  async readFrame(timeoutMs = 10_000): Promise<Buffer | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.buf.length >= 4) {
        const len = this.buf.readInt32LE(0);
        if (this.buf.length >= len) {
          const f = this.buf.subarray(0, len);
          this.buf = this.buf.subarray(len);
          return f;
        }
      }
      if (this.closed || Date.now() > deadline) return null;
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }

  async waitClosed(timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.closed;
  }

  nextId(): number {
    return this.requestId++;
  }

  close(): void {
    this.socket.destroy();
  }
}

export function opMsg(
  requestId: number,
  body: Document,
  opts: { flags?: number; sequences?: [string, Document[]][]; checksum?: boolean | 'bad' } = {},
): Buffer {
  const parts: Buffer[] = [Buffer.from([0]), Buffer.from(serialize(body))];
  for (const [id, docs] of opts.sequences ?? []) {
    const payload = Buffer.concat([
      Buffer.from(id + '\0'),
      ...docs.map((d) => Buffer.from(serialize(d))),
    ]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(payload.length + 4);
    parts.push(Buffer.from([1]), size, payload);
  }
  let flags = opts.flags ?? 0;
  if (opts.checksum) flags |= 1;
  const sections = Buffer.concat(parts);
  const total = 20 + sections.length + (opts.checksum ? 4 : 0);
  const head = Buffer.alloc(20);
  head.writeInt32LE(total, 0);
  head.writeInt32LE(requestId, 4);
  head.writeInt32LE(0, 8);
  head.writeInt32LE(2013, 12);
  head.writeUInt32LE(flags, 16);
  let out = Buffer.concat([head, sections]);
  if (opts.checksum) {
    const crc = Buffer.alloc(4);
    crc.writeUInt32LE(opts.checksum === 'bad' ? (crc32c(out) ^ 1) >>> 0 : crc32c(out));
    out = Buffer.concat([out, crc]);
  }
  return out;
}

export function opQuery(requestId: number, collection: string, query: Document): Buffer {
  const q = Buffer.from(serialize(query));
  const name = Buffer.from(collection + '\0');
  const head = Buffer.alloc(20);
  const tail = Buffer.alloc(8);
  tail.writeInt32LE(0, 0);
  tail.writeInt32LE(-1, 4);
  const total = 20 + name.length + 8 + q.length;
  head.writeInt32LE(total, 0);
  head.writeInt32LE(requestId, 4);
  head.writeInt32LE(0, 8);
  head.writeInt32LE(2004, 12);
  head.writeInt32LE(0, 16);
  return Buffer.concat([head, name, tail, q]);
}

/** Decodes an OP_MSG (kind 0 body) or OP_REPLY (first document) reply. */
export function replyDoc(frame: Buffer): { opCode: number; responseTo: number; doc: Document } {
  const opCode = frame.readInt32LE(12);
  const responseTo = frame.readInt32LE(8);
  const off = opCode === 1 ? 36 : 21;
  const len = frame.readInt32LE(off);
  return { opCode, responseTo, doc: deserialize(frame.subarray(off, off + len)) };
}
