import type { Readable } from 'node:stream';

/**
 * Where uploaded files and their derivatives (book PDFs, cover images, thumbnails, excerpts) are
 * kept. A strategy chosen by configuration (ARCHITECTURE.md decision 5): local disk under
 * `DATA_DIR` by default, S3-compatible object storage when configured. Keys are relative,
 * slash-separated paths of safe characters (`books/<id>/interior.pdf`).
 */
export interface StoragePort {
  /**
   * Stores `body` under `key`, replacing what was there; a reader sees the old file or the whole
   * new one, never part of it. With `maxBytes`, a longer body fails with {@link StorageLimitError}
   * and nothing is stored.
   */
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<StoredObject>;
  /** The file's bytes as a stream; {@link StorageNotFoundError} when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export interface PutOptions {
  contentType?: string;
  maxBytes?: number;
}

export interface StoredObject {
  key: string;
  size: number;
}

/** The key breaks the rules (empty, absolute, `..`, odd characters): it could escape the store. */
export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key).slice(0, 200)}`);
    this.name = 'StorageKeyError';
  }
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored file under ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/** A body longer than the `maxBytes` it was put with. */
export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

/** Throws {@link StorageKeyError} unless `key` is a safe relative path (`a/b/c.pdf`). */
export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512)
    throw new StorageKeyError(key);
  for (const segment of key.split('/')) {
    // Each part starts with a letter, digit or underscore: no `.`, `..`, hidden files or empties.
    if (!SEGMENT.test(segment)) throw new StorageKeyError(key);
  }
}

export const STORAGE = Symbol('STORAGE');
