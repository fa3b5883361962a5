import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalDiskReceiptFiles, receiptFileKey } from './receipt-files';

describe('LocalDiskReceiptFiles', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'receipt-files-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes under DATA_DIR/receipts, replaces a file left by a failed attempt, leaves no partial file', async () => {
    const files = new LocalDiskReceiptFiles(root);
    const key = receiptFileKey(7);
    expect(key).toBe('receipts/7.pdf');
    await files.put(key, Buffer.from('first'));
    await files.put(key, Buffer.from('second'));
    expect((await readFile(path.join(root, 'receipts', '7.pdf'))).toString()).toBe('second');
    expect((await files.get(key)).toString()).toBe('second');
    expect(await readdir(path.join(root, 'receipts'))).toEqual(['7.pdf']);
  });

  it('refuses keys outside the data folder', async () => {
    const files = new LocalDiskReceiptFiles(root);
    await expect(files.put('../escape.pdf', Buffer.from('x'))).rejects.toThrow(
      /outside the data folder/,
    );
    await expect(files.get('/etc/passwd')).rejects.toThrow(/outside the data folder/);
  });
});
