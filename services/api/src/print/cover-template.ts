import type { CoverTemplate, CoverTemplateQuery } from '@mechabrim/contracts';
import { TRIM_SIZES, coverSpread, mmToPoints, type CoverPanel } from '@mechabrim/print-specs';

function panel(p: CoverPanel): CoverTemplate['panels']['front'] {
  return { ...p, xPt: mmToPoints(p.xMm), widthPt: mmToPoints(p.widthMm) };
}

const SIZE_HE = { A5: 'A5', '135x210': '13.5×21 ס״מ' } as const;

/** The cover spread an author designs for these options, in mm and points, with a summary. */
export function coverTemplate(query: CoverTemplateQuery): CoverTemplate {
  const spread = coverSpread(query);
  const front = query.direction === 'rtl' ? 'משמאל' : 'מימין';
  const spineText = spread.spineTextAllowed
    ? 'אפשר להדפיס טקסט על השדרה.'
    : 'השדרה צרה מכדי לשאת טקסט: השאירו אותה ללא כיתוב.';
  const summary =
    `כריכה פרוסה של ${spread.widthMm}×${spread.heightMm} מ״מ (${spread.widthPt}×${spread.heightPt} נקודות), ` +
    `כולל שוליים לחיתוך (bleed) של ${spread.bleedMm} מ״מ מכל צד ושדרה ברוחב ${spread.spineMm} מ״מ ` +
    `לספר בגודל ${SIZE_HE[query.size]} (${TRIM_SIZES[query.size].widthMm}×${TRIM_SIZES[query.size].heightMm} מ״מ) ` +
    `בן ${query.pages} עמודים על נייר ${query.paper.replace('g', '')} גרם. ` +
    `הכריכה הקדמית ${front} לשדרה. ${spineText}`;
  return {
    pages: query.pages,
    size: query.size,
    paper: query.paper,
    direction: query.direction,
    trim: spread.trim,
    bleedMm: spread.bleedMm,
    spineMm: spread.spineMm,
    spineTextAllowed: spread.spineTextAllowed,
    frontCoverSide: spread.frontCoverSide,
    widthMm: spread.widthMm,
    heightMm: spread.heightMm,
    widthPt: spread.widthPt,
    heightPt: spread.heightPt,
    panels: {
      back: panel(spread.panels.back),
      spine: panel(spread.panels.spine),
      front: panel(spread.panels.front),
    },
    summary,
  };
}
