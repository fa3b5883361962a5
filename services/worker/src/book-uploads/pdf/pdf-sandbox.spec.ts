import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, ReadingDirection } from 'pdf-lib';
import {
  deeplyNestedPdf,
  interiorPdf,
  manyPagesPdf,
  truncated,
  zipBombPdf,
} from '@mechabrim/testing';
import { runPdfJobSandboxed } from './pdf-sandbox';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pdf-sandbox-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: Buffer): Promise<string> {
  const target = path.join(dir, name);
  await writeFile(target, content);
  return target;
}

describe('the sandboxed PDF reader', () => {
  it('reads a real book and cuts its excerpt: the first 10 % of the pages, right to left', async () => {
    const pdfPath = await file('book.pdf', await interiorPdf({ pages: 60 }));
    const excerptPath = path.join(dir, 'excerpt.pdf');
    const result = await runPdfJobSandboxed({ pdfPath, excerptPath, direction: 'rtl' });
    expect(result).toMatchObject({ ok: true, excerptPages: 6 });
    const excerpt = await PDFDocument.load(await readFile(excerptPath));
    expect(excerpt.getPageCount()).toBe(6);
    expect(excerpt.catalog.getViewerPreferences()?.getReadingDirection()).toBe(
      ReadingDirection.R2L,
    );
  }, 30_000);

  it.each([
    ['truncated', async () => truncated(await interiorPdf({ pages: 40 })), 'truncated'],
    ['encrypted', () => interiorPdf({ pages: 4, encrypt: true }), 'encrypted'],
    [
      'not a PDF',
      () => Promise.resolve(Buffer.from('\x89PNG\r\n\x1a\n renamed to .pdf')),
      'not-pdf',
    ],
  ] as const)(
    'refuses a file that is %s, with its reason',
    async (name, make, problem) => {
      const result = await runPdfJobSandboxed({ pdfPath: await file(`${name}.pdf`, await make()) });
      expect(result).toMatchObject({ ok: false, problem });
    },
    30_000,
  );

  it('reads past a zip bomb without inflating it: the page counts as unreadable', async () => {
    const pdfPath = await file('bomb.pdf', await zipBombPdf(300));
    const result = await runPdfJobSandboxed({ pdfPath });
    expect(result.ok && result.inspection.unreadablePages).toEqual([1]);
    expect(result.peakRssMb).toBeLessThan(400);
  }, 60_000);

  it('survives objects nested 200,000 deep', async () => {
    const result = await runPdfJobSandboxed({
      pdfPath: await file('deep.pdf', deeplyNestedPdf(200_000)),
    });
    // Read or refused with a reason — never a crash of the caller.
    expect(result.ok || ['unreadable', 'limits', 'crashed'].includes(result.problem)).toBe(true);
  }, 60_000);

  it('counts 100,000 pages within its limits (the page-count check then fails the book)', async () => {
    const result = await runPdfJobSandboxed({
      pdfPath: await file('many.pdf', manyPagesPdf(100_000)),
    });
    expect(result.ok && result.inspection.pageCount).toBe(100_000);
  }, 60_000);

  it('stops a reader that takes longer than its time limit', async () => {
    const pdfPath = await file('slow.pdf', manyPagesPdf(100_000));
    const started = Date.now();
    const result = await runPdfJobSandboxed(
      { pdfPath },
      { timeoutMs: 300, maxHeapMb: 256, maxRssMb: 1024 },
    );
    // The time limit stopped it, not memory: the detail says which. The clock only bounds a
    // failure (the whole read takes far longer), with room for a busy machine's process start.
    expect(result).toMatchObject({
      ok: false,
      problem: 'limits',
      detail: expect.stringMatching(/^took longer than/) as unknown,
    });
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('stops a reader that uses more memory than allowed', async () => {
    const pdfPath = await file('big.pdf', manyPagesPdf(100_000));
    const result = await runPdfJobSandboxed(
      { pdfPath },
      { timeoutMs: 60_000, maxHeapMb: 64, maxRssMb: 120 },
    );
    expect(result).toMatchObject({ ok: false, problem: 'limits' });
  }, 60_000);
});
