// The building blocks of the preflight's checks (preflight-checks.ts): one check as the report
// holds it, a PDF's `opens` check, and a page's size in millimetres.
import type { PreflightCheck, PreflightCheckId, PreflightCheckStatus } from '@mechabrim/contracts';
import { pointsToMm } from '@mechabrim/print-specs';
import type { PdfJobResult } from './pdf/pdf-job';
import type { PageGeometry, PdfInspection } from './pdf/inspect-pdf';
import { preflightStringsHe as he } from './preflight.strings.he';

export function check(
  id: PreflightCheckId,
  status: PreflightCheckStatus,
  fields: { measured: string; expected: string; explanation: string; fix?: string },
): PreflightCheck {
  return {
    id,
    status,
    title: he.titles[id],
    measured: fields.measured,
    expected: fields.expected,
    explanation: fields.explanation,
    fix: status === 'pass' ? '' : (fields.fix ?? ''),
  };
}

/** The `opens` check of a PDF, and its inspection when it opened. */
export function opens(
  id: 'interior.opens' | 'cover.opens',
  result: PdfJobResult,
): { check: PreflightCheck; inspection: PdfInspection | null } {
  if (result.ok)
    return {
      inspection: result.inspection,
      check: check(id, 'pass', {
        measured: he.open.measuredOk(result.inspection.pageCount),
        expected: he.open.expected,
        explanation: he.open.ok,
      }),
    };
  const texts = he.open[result.problem];
  return {
    inspection: null,
    check: check(id, 'fail', {
      measured: texts.measured,
      expected: he.open.expected,
      explanation: texts.explanation,
      fix: texts.fix,
    }),
  };
}

export const round1 = (value: number) => Math.round(value * 10) / 10;
export const mmSize = (page: PageGeometry) => ({
  w: round1(pointsToMm(page.widthPt)),
  h: round1(pointsToMm(page.heightPt)),
});

/** A page's size in mm, rounded to a tenth. */
export type MmSize = ReturnType<typeof mmSize>;
