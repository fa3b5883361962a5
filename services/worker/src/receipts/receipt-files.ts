import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where receipt PDFs are kept. A tiny port so the storage port of book uploads can replace the
 * local disk without touching the receipts code.
 */
export interface ReceiptFileStore {
  /** Stores the file under `key` (replacing one a failed attempt left) and returns the key. */
  put(key: string, content: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
}

export const RECEIPT_FILE_STORE = Symbol('RECEIPT_FILE_STORE');

/**
 * Receipt PDFs on local disk, under `${DATA_DIR}`: keys `receipts/<number>.pdf` and
 * `credit-notes/<number>.pdf`.
 */
export class LocalDiskReceiptFiles implements ReceiptFileStore {
  constructor(private readonly root: string) {}

  async put(key: string, content: Buffer): Promise<string> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside then renamed, so a reader never sees half a PDF.
    const partial = `${target}.${randomUUID()}.partial`;
    await writeFile(partial, content);
    await rename(partial, target);
    return key;
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`receipt key outside the data folder: ${key}`);
    return resolved;
  }
}

export function receiptFileKey(number: number): string {
  return `receipts/${number}.pdf`;
}

export function creditNoteFileKey(number: number): string {
  return `credit-notes/${number}.pdf`;
}
