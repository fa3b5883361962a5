import type { PreflightCheck } from '@mechabrim/contracts';
import {
  BLEED_MM,
  MAX_PAGES,
  MIN_IMAGE_DPI,
  MIN_PAGES,
  SIZE_TOLERANCE_MM,
  SPINE_TEXT_MIN_MM,
  TRIM_SIZES,
  coverSpread,
  interiorPageMm,
  pointsToMm,
  spineWidthMm,
  withinTolerance,
  type CoverSpread,
  type PaperType,
  type ReadingDirection,
  type TrimSize,
} from '@mechabrim/print-specs';
import type { PdfJobResult } from './pdf/pdf-job';
import type { PageGeometry, PdfInspection } from './pdf/inspect-pdf';
import { check, mmSize, opens, round1, type MmSize } from './preflight-check-builder';
import { preflightStringsHe as he } from './preflight.strings.he';

export interface BookPrintOptions {
  size: TrimSize;
  paper: PaperType;
  direction: ReadingDirection;
}

function pageFits(page: PageGeometry, size: TrimSize): boolean {
  const expected = interiorPageMm(size);
  const { w, h } = mmSize(page);
  if (withinTolerance(w, expected.widthMm) && withinTolerance(h, expected.heightMm)) return true;
  // A page box larger than trim + bleed is fine when its trim box is the book's size exactly.
  if (!page.trim) return false;
  const trim = TRIM_SIZES[size];
  return (
    withinTolerance(pointsToMm(page.trim.widthPt), trim.widthMm) &&
    withinTolerance(pointsToMm(page.trim.heightPt), trim.heightMm) &&
    w >= expected.widthMm - 1 &&
    h >= expected.heightMm - 1
  );
}

function pageCountCheck(pages: number): PreflightCheck {
  const countOk = pages >= MIN_PAGES && pages <= MAX_PAGES;
  return check('interior.page-count', countOk ? 'pass' : 'fail', {
    measured: he.pageCount.measured(pages),
    expected: he.pageCount.expected(MIN_PAGES, MAX_PAGES),
    explanation: countOk
      ? he.pageCount.ok
      : pages < MIN_PAGES
        ? he.pageCount.tooFew(MIN_PAGES)
        : he.pageCount.tooMany(MAX_PAGES),
    fix: pages < MIN_PAGES ? he.pageCount.fixFew(MIN_PAGES) : he.pageCount.fixMany,
  });
}

function pageSizeCheck(inspection: PdfInspection, size: TrimSize): PreflightCheck {
  const expected = interiorPageMm(size);
  const trim = TRIM_SIZES[size];
  const wrong = inspection.pages
    .map((page, index) => ({ page, number: index + 1 }))
    .filter(({ page }) => !pageFits(page, size));
  const firstWrong = wrong[0];
  const sizeFix = (() => {
    if (!firstWrong) return '';
    const { w, h } = mmSize(firstWrong.page);
    if (withinTolerance(w, trim.widthMm) && withinTolerance(h, trim.heightMm))
      return he.pageSize.fixNoBleed(BLEED_MM);
    if (w > expected.widthMm * 1.6) return he.pageSize.fixSpread;
    return he.pageSize.fixSize(trim.widthMm, trim.heightMm, BLEED_MM);
  })();
  const first = inspection.pages[0];
  return check('interior.page-size', firstWrong ? 'fail' : 'pass', {
    measured: firstWrong
      ? he.pageSize.wrong(
          wrong.map((p) => p.number),
          mmSize(firstWrong.page).w,
          mmSize(firstWrong.page).h,
        )
      : first
        ? he.pageSize.allOk(mmSize(first).w, mmSize(first).h, inspection.pages.length)
        : '',
    expected: he.pageSize.expected(
      expected.widthMm,
      expected.heightMm,
      trim.widthMm,
      trim.heightMm,
      BLEED_MM,
    ),
    explanation: firstWrong ? he.pageSize.explanation : he.pageSize.ok,
    fix: sizeFix,
  });
}

function fontsEmbeddedCheck(inspection: PdfInspection): PreflightCheck {
  const missing = inspection.fonts.filter((font) => !font.embedded);
  return check('interior.fonts-embedded', missing.length ? 'fail' : 'pass', {
    measured: missing.length
      ? he.fonts.missing(
          missing.map((f) => he.fonts.fontOnPage(f.name.replace(/^[A-Z]{6}\+/, ''), f.page)),
        )
      : he.fonts.allOk(inspection.fonts.length),
    expected: he.fonts.expected,
    explanation: missing.length ? he.fonts.explanation : he.fonts.ok,
    fix: he.fonts.fix,
  });
}

function imageResolutionCheck(inspection: PdfInspection): PreflightCheck {
  // Rounding and resampling land a 300 DPI image at 299: a 2 % margin.
  const threshold = Math.floor(MIN_IMAGE_DPI * 0.98);
  const lowest = [...inspection.images].sort((a, b) => a.dpi - b.dpi)[0];
  const low = inspection.images.filter((image) => image.dpi < threshold);
  const unreadable = inspection.unreadablePages.length
    ? ` ${he.images.unreadable(inspection.unreadablePages)}`
    : '';
  return check(
    'interior.image-resolution',
    low.length ? 'fail' : inspection.unreadablePages.length ? 'warn' : 'pass',
    {
      measured: !lowest
        ? he.images.none
        : low.length
          ? he.images.low(low.length, lowest.dpi, lowest.page)
          : he.images.lowest(lowest.dpi, lowest.page),
      expected: he.images.expected(MIN_IMAGE_DPI),
      explanation:
        (low.length
          ? he.images.explanation(MIN_IMAGE_DPI)
          : lowest
            ? he.images.ok
            : he.images.none_ok) + unreadable,
      fix: low.length ? he.images.fix(MIN_IMAGE_DPI) : he.open.unreadable.fix,
    },
  );
}

/** A right-to-left book's page order: an even page count, and page 1 a single right-hand page. */
function rtlPageOrderChecks(inspection: PdfInspection, size: TrimSize): PreflightCheck[] {
  const pages = inspection.pageCount;
  const expected = interiorPageMm(size);
  const first = inspection.pages[0];
  const even = pages % 2 === 0;
  const evenCheck = check('interior.even-page-count', even ? 'pass' : 'fail', {
    measured: he.pageCount.measured(pages),
    expected: he.evenPages.expected,
    explanation: even ? he.evenPages.ok : he.evenPages.explanation,
    fix: he.evenPages.fix,
  });
  const firstIsSpread = first ? mmSize(first).w > expected.widthMm * 1.6 : false;
  const l2r = inspection.declaredDirection === 'L2R';
  const firstPageCheck = check(
    'interior.first-page-right',
    firstIsSpread ? 'fail' : l2r ? 'warn' : 'pass',
    {
      measured: firstIsSpread ? he.firstPage.spread : l2r ? he.firstPage.l2r : he.firstPage.single,
      expected: he.firstPage.expected,
      explanation: firstIsSpread
        ? he.firstPage.spreadExplanation
        : l2r
          ? he.firstPage.l2rExplanation
          : he.firstPage.ok,
      fix: firstIsSpread ? he.firstPage.spreadFix : he.firstPage.l2rFix,
    },
  );
  return [evenCheck, firstPageCheck];
}

/** The interior's checks (spec §5 print rules, issue 11): size, fonts, images, RTL page order. */
export function interiorChecks(result: PdfJobResult, options: BookPrintOptions): PreflightCheck[] {
  const { check: opened, inspection } = opens('interior.opens', result);
  if (!inspection) return [opened];
  const checks = [opened];
  checks.push(pageCountCheck(inspection.pageCount));
  checks.push(pageSizeCheck(inspection, options.size));
  checks.push(fontsEmbeddedCheck(inspection));
  checks.push(imageResolutionCheck(inspection));
  if (options.direction === 'rtl') checks.push(...rtlPageOrderChecks(inspection, options.size));
  return checks;
}

/** Which side of the spread's middle the front cover is on, judged by the title or the image. */
export function frontCoverEvidence(
  inspection: PdfInspection,
  spineMm: number,
): { side: 'left' | 'right'; by: 'title' | 'image' } | null {
  const page = inspection.pages[0];
  if (!page) return null;
  const middle = page.widthPt / 2;
  const halfSpine = Math.max((spineMm * 72) / 25.4 / 2, 2);
  const sideOf = (xMin: number, xMax: number): 'left' | 'right' | null => {
    const center = (xMin + xMax) / 2;
    if (center < middle - halfSpine) return 'left';
    if (center > middle + halfSpine) return 'right';
    return null;
  };
  // The title: the largest upright text (at least 12 pt) off the spine.
  const titles = inspection.firstPage.texts
    .filter((run) => !run.rotated && run.sizePt >= 12 && run.chars > 0)
    .sort((a, b) => b.sizePt - a.sizePt);
  for (const run of titles) {
    const side = sideOf(run.x, run.xEnd);
    if (side) return { side, by: 'title' };
  }
  // Else the largest image that is not a background across the whole spread.
  const area = page.widthPt * page.heightPt;
  const images = inspection.firstPage.images
    .filter((image) => {
      const share = ((image.xMax - image.xMin) * (image.yMax - image.yMin)) / area;
      return share > 0.03 && share < 0.45;
    })
    .sort((a, b) => (b.xMax - b.xMin) * (b.yMax - b.yMin) - (a.xMax - a.xMin) * (a.yMax - a.yMin));
  for (const image of images) {
    const side = sideOf(image.xMin, image.xMax);
    if (side) return { side, by: 'image' };
  }
  return null;
}

function singleSpreadCheck(pageCount: number): PreflightCheck {
  const single = pageCount === 1;
  return check('cover.single-spread', single ? 'pass' : 'warn', {
    measured: single ? he.cover.onePage : he.cover.pagesMeasured(pageCount),
    expected: he.cover.onePage,
    explanation: single ? he.cover.singleOk : he.cover.singleExplanation,
    fix: he.cover.singleFix,
  });
}

/** The spine check of a cover narrower than two trims (a front cover alone). */
function notSpreadCheck(
  measured: MmSize,
  trimWidthMm: number,
  pages: number | null,
  paper: PaperType,
): PreflightCheck {
  return check('cover.spine-width', 'fail', {
    measured: he.cover.notSpreadMeasured(measured.w, measured.h),
    expected:
      pages === null
        ? ''
        : he.cover.spineExpected(spineWidthMm(Math.max(1, pages), paper), pages, paper),
    explanation: he.cover.notSpreadExplanation(trimWidthMm),
    fix: he.cover.notSpreadFix,
  });
}

function spreadSizeCheck(
  measured: MmSize,
  spread: CoverSpread,
  trimWidthMm: number,
): PreflightCheck {
  const sizeOk =
    withinTolerance(measured.w, spread.widthMm) && withinTolerance(measured.h, spread.heightMm);
  return check('cover.spread-size', sizeOk ? 'pass' : 'fail', {
    measured: he.cover.spreadMeasured(measured.w, measured.h),
    expected: he.cover.spreadExpected(spread.widthMm, spread.heightMm),
    explanation: sizeOk
      ? he.cover.spreadOk
      : he.cover.spreadExplanation(
          spread.widthMm,
          spread.heightMm,
          trimWidthMm,
          spread.spineMm,
          BLEED_MM,
        ),
    fix: he.cover.spreadFix,
  });
}

/** The front side and spine text of a lone front cover: not checked, said so. */
function notSpreadSideChecks(spread: CoverSpread): PreflightCheck[] {
  return [
    check('cover.front-side', 'warn', {
      measured: he.cover.notChecked,
      expected: he.cover.side[spread.frontCoverSide],
      explanation: he.cover.sideNotChecked,
      fix: he.cover.notSpreadFix,
    }),
    check('cover.spine-text', 'warn', {
      measured: he.cover.notChecked,
      expected: he.cover.spineTextExpected(spread.spineTextAllowed, SPINE_TEXT_MIN_MM),
      explanation: he.cover.spineTextNotChecked,
      fix: he.cover.notSpreadFix,
    }),
  ];
}

function spineWidthCheck(
  measuredSpine: number,
  spread: CoverSpread,
  pages: number,
  paper: PaperType,
): PreflightCheck {
  const spineOk = withinTolerance(measuredSpine, spread.spineMm);
  return check('cover.spine-width', spineOk ? 'pass' : 'fail', {
    measured: he.cover.spineMeasured(measuredSpine),
    expected: he.cover.spineExpected(spineWidthMm(Math.max(1, pages), paper), pages, paper),
    explanation: spineOk ? he.cover.spineOk : he.cover.spineExplanation(spread.spineMm),
    fix: he.cover.spineFix,
  });
}

function frontSideCheck(
  inspection: PdfInspection,
  measuredSpine: number,
  spread: CoverSpread,
  direction: ReadingDirection,
): PreflightCheck {
  const evidence = frontCoverEvidence(inspection, measuredSpine);
  const sideOk = evidence?.side === spread.frontCoverSide;
  return check('cover.front-side', !evidence ? 'warn' : sideOk ? 'pass' : 'fail', {
    measured: evidence ? he.cover.sideMeasured(evidence.side, evidence.by) : he.cover.sideUnknown,
    expected: he.cover.side[spread.frontCoverSide],
    explanation: !evidence
      ? he.cover.sideUnknownExplanation
      : sideOk
        ? he.cover.sideOk(direction)
        : he.cover.sideWrong(direction),
    fix: he.cover.sideFix,
  });
}

function spineTextCheck(
  inspection: PdfInspection,
  page: PageGeometry,
  measuredSpine: number,
  spread: CoverSpread,
): PreflightCheck {
  // Text on the spine: any run whose middle lies within the spine band (half a mm of slack).
  const middle = page.widthPt / 2;
  const halfBand = ((Math.max(measuredSpine, 0) / 2 + 0.5) * 72) / 25.4;
  const onSpine = inspection.firstPage.texts.some((run) => {
    const center = (run.x + run.xEnd) / 2;
    return run.chars > 0 && Math.abs(center - middle) <= halfBand;
  });
  const textOk = spread.spineTextAllowed || !onSpine;
  return check('cover.spine-text', textOk ? 'pass' : 'fail', {
    measured: onSpine ? he.cover.spineTextFound : he.cover.spineTextNone,
    expected: he.cover.spineTextExpected(spread.spineTextAllowed, SPINE_TEXT_MIN_MM),
    explanation: textOk
      ? he.cover.spineTextOk
      : he.cover.spineTextNarrow(spread.spineMm, SPINE_TEXT_MIN_MM),
    fix: he.cover.spineTextFix,
  });
}

/**
 * The cover's checks: one spread of 2 × trim + spine + 2 × bleed, the spine from the interior's
 * page count and the paper, the front cover on the reading direction's side, spine text only on
 * a spine wide enough. `pages` is the interior's page count (null when unknown).
 */
export function coverChecks(
  result: PdfJobResult,
  options: BookPrintOptions,
  pages: number | null,
): PreflightCheck[] {
  const { check: opened, inspection } = opens('cover.opens', result);
  if (!inspection) return [opened];
  const checks = [opened];
  const page = inspection.pages[0];
  if (!page) return checks;
  checks.push(singleSpreadCheck(inspection.pageCount));

  const measured = mmSize(page);
  const trim = TRIM_SIZES[options.size];
  // The spine as drawn: whatever the spread holds beyond two trims and the bleed.
  const measuredSpine = round1(measured.w - 2 * trim.widthMm - 2 * BLEED_MM);
  // Narrower than two trims: a front cover alone, with no spine to measure or to judge by.
  const notSpread = measuredSpine < -SIZE_TOLERANCE_MM;
  if (pages === null) {
    checks.push(
      notSpread
        ? notSpreadCheck(measured, trim.widthMm, pages, options.paper)
        : check('cover.spine-width', 'warn', {
            measured: he.cover.spineMeasured(measuredSpine),
            expected: '',
            explanation: he.cover.spineUnknown,
            fix: '',
          }),
    );
    return checks;
  }
  const spread = coverSpread({ ...options, pages: Math.max(1, pages) });
  checks.push(spreadSizeCheck(measured, spread, trim.widthMm));
  if (notSpread) {
    // Nothing on a lone front cover can be measured against a spine: say so, never pass.
    checks.push(notSpreadCheck(measured, trim.widthMm, pages, options.paper));
    checks.push(...notSpreadSideChecks(spread));
    return checks;
  }
  checks.push(spineWidthCheck(measuredSpine, spread, pages, options.paper));
  checks.push(frontSideCheck(inspection, measuredSpine, spread, options.direction));
  checks.push(spineTextCheck(inspection, page, measuredSpine, spread));
  return checks;
}
