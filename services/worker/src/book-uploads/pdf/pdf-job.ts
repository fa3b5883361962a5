import { readFile, writeFile } from 'node:fs/promises';
import { PDFDocument, ReadingDirection } from 'pdf-lib';
import { excerptPageCount } from '@mechabrim/print-specs';
import {
  inspectPdf,
  openPdf,
  PdfOpenError,
  type OpenProblem,
  type PdfInspection,
} from './inspect-pdf';

/** What the sandboxed process is asked to do with one PDF. */
export interface PdfJobRequest {
  pdfPath: string;
  /** For the interior: where to write the excerpt (the first 10 % of the pages, at most 20). */
  excerptPath?: string;
  direction?: 'rtl' | 'ltr';
}

export type PdfJobProblem = OpenProblem | 'limits' | 'crashed';

export type PdfJobResult =
  | { ok: true; inspection: PdfInspection; excerptPages: number | null }
  | { ok: false; problem: PdfJobProblem; detail: string };

/** Opens, inspects and (for an interior) cuts the excerpt of one PDF. Never throws. */
export async function runPdfJob(request: PdfJobRequest): Promise<PdfJobResult> {
  try {
    const bytes = await readFile(request.pdfPath);
    const doc = await openPdf(bytes);
    const inspection = inspectPdf(doc);
    let excerptPages: number | null = null;
    if (request.excerptPath) {
      excerptPages = excerptPageCount(doc.getPageCount());
      const excerpt = await PDFDocument.create();
      const copied = await excerpt.copyPages(
        doc,
        Array.from({ length: excerptPages }, (_, i) => i),
      );
      for (const page of copied) excerpt.addPage(page);
      // The excerpt reader opens a right-to-left book from the right.
      if (request.direction === 'rtl')
        excerpt.catalog.getOrCreateViewerPreferences().setReadingDirection(ReadingDirection.R2L);
      await writeFile(request.excerptPath, await excerpt.save({ useObjectStreams: true }));
    }
    return { ok: true, inspection, excerptPages };
  } catch (error) {
    if (error instanceof PdfOpenError)
      return { ok: false, problem: error.problem, detail: error.message };
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    // A stack overflow on deeply nested objects lands here as a RangeError.
    return { ok: false, problem: 'unreadable', detail: detail.slice(0, 300) };
  }
}
