import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  StorageKeyError,
  StorageLimitError,
  StorageNotFoundError,
  assertStorageKey,
  type PutOptions,
  type StoragePort,
  type StoredObject,
} from './storage.port';

/** Counts bytes and fails the stream once there are more than `maxBytes`. */
export function byteLimit(maxBytes: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) callback(new StorageLimitError(maxBytes));
      else callback(null, chunk);
    },
  });
}

/**
 * Files on local disk under `root` (`${DATA_DIR}/files`). A file is written beside its target
 * under a temporary name and renamed into place, so a crash or a failed upload never leaves half
 * a file under a key.
 */
export class LocalDiskStorage implements StoragePort {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of `key`, which is always inside the root folder. */
  pathOf(key: string): string {
    assertStorageKey(key);
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) throw new StorageKeyError(key);
    return resolved;
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions = {}): Promise<StoredObject> {
    // A stream may fail before the pipeline below listens (while the folder is made, say): its
    // error is kept by the stream and reported by the pipeline, not thrown as an unhandled event.
    if (!Buffer.isBuffer(body)) body.on('error', () => undefined);
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.partial`;
    const counted = { bytes: 0 };
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    const file = createWriteStream(partial, { flags: 'wx' });
    try {
      await pipeline(
        source,
        byteLimit(options.maxBytes ?? Number.POSITIVE_INFINITY, counted),
        file,
      );
      await rename(partial, target);
    } catch (error) {
      // A body that fails at once can fail before the file is even open: the stream still opens
      // it, then closes it. Removed before that, it would come back as an empty leftover.
      if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
      await rm(partial, { force: true });
      throw error;
    }
    return { key, size: counted.bytes };
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    if (!(await this.exists(key))) throw new StorageNotFoundError(key);
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}
