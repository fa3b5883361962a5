import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Types } from 'mongoose';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  bookCoverPath,
  type BookUploadsJob,
  type PreflightCheck,
  type PreflightReport,
} from '@mechabrim/contracts';
import { BOOK_MODEL, type BookModel } from '@mechabrim/db';
import {
  PAPER_TYPE_NAMES,
  READING_DIRECTIONS,
  TRIM_SIZE_NAMES,
  type PaperType,
  type ReadingDirection,
  type TrimSize,
} from '@mechabrim/print-specs';
import {
  STORAGE,
  StorageNotFoundError,
  bookFileKeys,
  readAll,
  type BookFileKeys,
  type StoragePort,
} from '@mechabrim/storage';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { coverImageSizes, type CoverImageResult, type CoverImageSize } from './cover-images';
import { runPdfJobSandboxed, type SandboxLimits } from './pdf/pdf-sandbox';
import type { PdfJobResult } from './pdf/pdf-job';
import { coverChecks, interiorChecks, type BookPrintOptions } from './preflight-checks';

/** The book is gone, or its upload is not the one the job names: retrying will not help. */
export class PreflightNotApplicableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreflightNotApplicableError';
  }
}

export type PreflightOutcome =
  | { done: 'checked'; status: 'passed' | 'failed'; pages: number | null; durationMs: number }
  | { done: 'already-checked' | 'superseded' };

/** A stored value, or the upload form's default when the book holds something else. */
function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

const MAX_COVER_IMAGE_BYTES = 50 * 1024 * 1024;

/** A sandboxed PDF job's result, or the stand-in for a file that is not stored. */
type SandboxedPdfResult = PdfJobResult & { peakRssMb?: number };

/**
 * The preflight of one upload: reads the book's files through the storage port, checks them in a
 * bounded child process, stores the excerpt and the cover's web sizes, and writes the report on
 * the book. Every output has a fixed key and the report is written only while the book still
 * holds this upload, so a retried job writes the same things again and a finished one is skipped.
 */
@Injectable()
export class BookPreflight {
  private readonly logger = new Logger(BookPreflight.name);

  constructor(
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
  ) {}

  private get limits(): SandboxLimits {
    const maxRssMb = this.config.preflight.maxMemoryMb;
    return {
      timeoutMs: this.config.preflight.timeoutMs,
      maxRssMb,
      maxHeapMb: Math.max(64, Math.floor(maxRssMb / 2)),
    };
  }

  async run(job: BookUploadsJob): Promise<PreflightOutcome> {
    const book = await this.books.findById(job.bookId).lean();
    if (!book) throw new PreflightNotApplicableError(`book ${job.bookId} not found`);
    if (book.files?.uploadId !== job.uploadId) return { done: 'superseded' };
    if (book.preflight?.uploadId === job.uploadId && book.preflight.status !== 'pending')
      return { done: 'already-checked' };

    const options: BookPrintOptions = {
      size: oneOf<TrimSize>(book.size, TRIM_SIZE_NAMES, 'A5'),
      paper: oneOf<PaperType>(book.paperType, PAPER_TYPE_NAMES, '70g'),
      direction: oneOf<ReadingDirection>(book.readingFormat, READING_DIRECTIONS, 'rtl'),
    };
    const keys = bookFileKeys(job.bookId);
    const started = Date.now();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'preflight-'));
    try {
      const excerptPath = path.join(dir, 'excerpt.pdf');
      const { interior, cover } = await this.inspectPdfs({
        interiorKey: book.files.pdf || keys.interior,
        coverKey: book.files.coverPdf || keys.coverPdf,
        dir,
        excerptPath,
        direction: options.direction,
      });
      const pages = interior.ok ? interior.inspection.pageCount : null;
      const checks: PreflightCheck[] = [
        ...interiorChecks(interior, options),
        ...coverChecks(cover, options, pages ?? book.pages ?? null),
      ];

      const image = await this.coverImage(book.files.coverImage || keys.coverImage);
      const sizes = await coverImageSizes(image);
      checks.push(sizes.check);
      const files = await this.storeDerivedFiles(keys, sizes.sizes, interior, excerptPath);

      const durationMs = Date.now() - started;
      const status = checks.some((c) => c.status === 'fail') ? 'failed' : 'passed';
      const report: PreflightReport = {
        status,
        uploadId: job.uploadId,
        pages,
        checks,
        checkedAt: new Date().toISOString(),
        durationMs,
      };
      await this.writeReport(job, book, { files, report, pages });
      this.logger.log({
        bookId: job.bookId,
        status,
        pages,
        durationMs,
        failed: checks.filter((c) => c.status === 'fail').map((c) => c.id),
        peakRssMb: Math.max(interior.peakRssMb ?? 0, cover.peakRssMb ?? 0),
        msg: 'preflight done',
      });
      return { done: 'checked', status, pages, durationMs };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Downloads the interior and cover PDFs into `dir` and inspects them in the sandbox. */
  private async inspectPdfs(input: {
    interiorKey: string;
    coverKey: string;
    dir: string;
    excerptPath: string;
    direction: ReadingDirection;
  }): Promise<{ interior: SandboxedPdfResult; cover: SandboxedPdfResult }> {
    const interiorPath = path.join(input.dir, 'interior.pdf');
    const coverPath = path.join(input.dir, 'cover.pdf');
    const [hasInterior, hasCover] = await Promise.all([
      this.download(input.interiorKey, interiorPath),
      this.download(input.coverKey, coverPath),
    ]);
    const missing: SandboxedPdfResult = {
      ok: false,
      problem: 'unreadable',
      detail: 'file not stored',
    };
    // One PDF at a time: each reader may use the whole memory budget.
    const interior = hasInterior
      ? await runPdfJobSandboxed(
          { pdfPath: interiorPath, excerptPath: input.excerptPath, direction: input.direction },
          this.limits,
        )
      : missing;
    const cover = hasCover
      ? await runPdfJobSandboxed({ pdfPath: coverPath }, this.limits)
      : missing;
    return { interior, cover };
  }

  /**
   * Stores the cover's web sizes and the interior's excerpt under their fixed keys; answers the
   * book's `files.*` fields that now point at them.
   */
  private async storeDerivedFiles(
    keys: BookFileKeys,
    sizes: CoverImageResult['sizes'],
    interior: SandboxedPdfResult,
    excerptPath: string,
  ): Promise<Record<string, string>> {
    const files: Record<string, string> = {};
    for (const [name, buffer] of Object.entries(sizes) as [CoverImageSize, Buffer][]) {
      await this.storage.put(keys[name], buffer, { contentType: 'image/webp' });
      files[`files.${name}`] = keys[name];
    }
    if (interior.ok && interior.excerptPages && (await exists(excerptPath))) {
      await this.storage.put(keys.excerpt, await readFile(excerptPath), {
        contentType: 'application/pdf',
      });
      files['files.excerpt'] = keys.excerpt;
    }
    return files;
  }

  /** Writes the report on the book, only while the book still holds this upload. */
  private async writeReport(
    job: BookUploadsJob,
    book: { _id: Types.ObjectId; pages?: number | null },
    outcome: { files: Record<string, string>; report: PreflightReport; pages: number | null },
  ): Promise<void> {
    const { files, report, pages } = outcome;
    await this.books.updateOne(
      { _id: book._id, 'files.uploadId': job.uploadId },
      {
        $set: {
          ...files,
          // The uploaded image becomes the book's cover, served by the API from the storage.
          ...(files['files.coverWeb']
            ? { coverImage: bookCoverPath(job.bookId, job.uploadId) }
            : {}),
          preflight: { ...report, checkedAt: new Date(report.checkedAt ?? Date.now()) },
          ...(pages !== null && !book.pages ? { pages } : {}),
        },
      },
    );
  }

  private async download(key: string, target: string): Promise<boolean> {
    try {
      await pipeline(await this.storage.get(key), createWriteStream(target));
      return true;
    } catch (error) {
      if (error instanceof StorageNotFoundError) return false;
      throw error;
    }
  }

  private async coverImage(key: string): Promise<Buffer | null> {
    try {
      const buffer = await readAll(await this.storage.get(key));
      return buffer.length <= MAX_COVER_IMAGE_BYTES ? buffer : null;
    } catch (error) {
      if (error instanceof StorageNotFoundError) return null;
      throw error;
    }
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}
