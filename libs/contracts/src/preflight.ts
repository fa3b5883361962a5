import { z } from 'zod';
import type { PreflightReportItem } from './mail-jobs';

/** Moderation states of an uploaded book (spec §4 book submission). */
export const BOOK_STATUSES = ['pending_approval', 'approved', 'rejected'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

/** Every check the print preflight runs (services/worker/src/book-uploads). */
export const PREFLIGHT_CHECK_IDS = [
  'interior.opens',
  'interior.page-count',
  'interior.page-size',
  'interior.fonts-embedded',
  'interior.image-resolution',
  'interior.even-page-count',
  'interior.first-page-right',
  'cover.opens',
  'cover.single-spread',
  'cover.spread-size',
  'cover.spine-width',
  'cover.front-side',
  'cover.spine-text',
  'cover-image.decodes',
] as const;
export type PreflightCheckId = (typeof PREFLIGHT_CHECK_IDS)[number];

/**
 * `pass`; `fail` keeps the book from print until the author uploads a fixed file; `warn` is worth
 * a look but does not block (e.g. a position that could not be measured).
 */
export const PREFLIGHT_CHECK_STATUSES = ['pass', 'fail', 'warn'] as const;
export type PreflightCheckStatus = (typeof PREFLIGHT_CHECK_STATUSES)[number];

/** One check of a book's preflight, as stored on the book and shown to the author and admins. */
export const preflightCheckSchema = z.object({
  id: z.enum(PREFLIGHT_CHECK_IDS),
  status: z.enum(PREFLIGHT_CHECK_STATUSES),
  /** What was checked, in Hebrew ("גודל העמודים"). */
  title: z.string(),
  /** What was measured ("154×216 מ״מ בכל 212 העמודים"); empty when nothing could be measured. */
  measured: z.string(),
  /** What is expected ("154×216 מ״מ (±1)"). */
  expected: z.string(),
  /** Why the result is what it is, in Hebrew. */
  explanation: z.string(),
  /** How to fix it, in Hebrew; empty when the check passed. */
  fix: z.string(),
});
export type PreflightCheck = z.infer<typeof preflightCheckSchema>;

export const PREFLIGHT_STATUSES = ['pending', 'passed', 'failed'] as const;
export type PreflightStatus = (typeof PREFLIGHT_STATUSES)[number];

/** A book's preflight report. */
export const preflightReportSchema = z.object({
  status: z.enum(PREFLIGHT_STATUSES),
  /** The upload the report is about (a new upload gets a new report). */
  uploadId: z.string(),
  /** The interior's page count as measured (null when the file could not be read). */
  pages: z.number().int().nullable(),
  checks: z.array(preflightCheckSchema),
  checkedAt: z.iso.datetime().nullable(),
  durationMs: z.number().int().nullable(),
});
export type PreflightReport = z.infer<typeof preflightReportSchema>;

/**
 * A report's Hebrew labels, as the author portal shows the report and the approval and rejection
 * mails list it: one wording wherever an author reads it.
 */
export const preflightLabelsHe = {
  check: { pass: 'עבר', fail: 'נכשל', warn: 'לבדיקה' } satisfies Record<
    PreflightCheckStatus,
    string
  >,
  measured: 'נמדד',
  expected: 'נדרש',
  fix: 'איך מתקנים',
} as const;

/**
 * The checks of a report as stored on a book, each read on its own: the stored report is the
 * worker's (its `checkedAt` a date, not the contract's string), and one odd check never hides the
 * others.
 */
export function storedPreflightChecks(stored: unknown): PreflightCheck[] {
  if (typeof stored !== 'object' || stored === null || !('checks' in stored)) return [];
  const { checks } = stored;
  if (!Array.isArray(checks)) return [];
  return checks.flatMap((check) => {
    const parsed = preflightCheckSchema.safeParse(check);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The report's checks as the approval and rejection mails list them, worded as the portal's. */
export function preflightMailItems(checks: PreflightCheck[]): PreflightReportItem[] {
  const l = preflightLabelsHe;
  return checks.map((check) => ({
    check: check.title.slice(0, 200),
    passed: check.status !== 'fail',
    status: check.status,
    detail: [
      check.measured && `${l.measured}: ${check.measured}`,
      check.expected && `${l.expected}: ${check.expected}`,
      check.explanation,
      check.fix && `${l.fix}: ${check.fix}`,
    ]
      .filter(Boolean)
      .join(' · ')
      .slice(0, 1000),
  }));
}
