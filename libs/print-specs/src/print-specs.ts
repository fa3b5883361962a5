/**
 * The print geometry of a soft-cover, perfect-bound book (spec §9 book options). Lengths are
 * computed in whole micrometres so a spine or a spread is exact and the same wherever it is
 * computed (API cover template, worker preflight, the portal's upload form); millimetres and
 * points are derived from them at the edge, rounded once.
 */

/** Trim sizes of spec §9: A5 (14.8 × 21 cm) and 13.5 × 21 cm. */
export const TRIM_SIZES = {
  A5: { widthMm: 148, heightMm: 210 },
  '135x210': { widthMm: 135, heightMm: 210 },
} as const;
export type TrimSize = keyof typeof TRIM_SIZES;
export const TRIM_SIZE_NAMES = Object.keys(TRIM_SIZES) as [TrimSize, ...TrimSize[]];

/**
 * Thickness of one leaf (two pages) of the wood-free papers of spec §9, in micrometres: the
 * grammage times a bulk of 1.25 cm³/g, the usual bulk of uncoated wood-free offset paper.
 */
export const PAPER_LEAF_MICRONS = {
  '70g': 88,
  '80g': 100,
  '90g': 113,
} as const;
export type PaperType = keyof typeof PAPER_LEAF_MICRONS;
export const PAPER_TYPE_NAMES = Object.keys(PAPER_LEAF_MICRONS) as [PaperType, ...PaperType[]];

export const READING_DIRECTIONS = ['rtl', 'ltr'] as const;
export type ReadingDirection = (typeof READING_DIRECTIONS)[number];

export const PRINTING_TYPES = ['bw', 'color'] as const;
export type PrintingType = (typeof PRINTING_TYPES)[number];

/** Bleed on every outer edge, interior and cover, in mm (the European printers' 3 mm). */
export const BLEED_MM = 3;
/** How far a measured page or spread may be from the expected size, in mm. */
export const SIZE_TOLERANCE_MM = 1;
/** Spine text is printed only on a spine at least this wide (mm); narrower, it drifts off. */
export const SPINE_TEXT_MIN_MM = 6;
/** Page counts a perfect binding holds (the range print-on-demand services accept). */
export const MIN_PAGES = 32;
export const MAX_PAGES = 800;
/** Images print sharp from this resolution up (spec §5: at least 300 DPI). */
export const MIN_IMAGE_DPI = 300;

const MICRONS_PER_MM = 1000;
const POINTS_PER_INCH = 72;
const MM_PER_INCH = 25.4;

/** Millimetres to PostScript points (1/72 inch), to two decimals. */
export function mmToPoints(mm: number): number {
  return Math.round(((mm * POINTS_PER_INCH) / MM_PER_INCH) * 100) / 100;
}

/** PostScript points to millimetres, to two decimals. */
export function pointsToMm(points: number): number {
  return Math.round(((points * MM_PER_INCH) / POINTS_PER_INCH) * 100) / 100;
}

function microns(mm: number): number {
  return Math.round(mm * MICRONS_PER_MM);
}

function mmOf(um: number): number {
  // Micrometres are whole; a tenth of a millimetre is the printers' precision.
  return Math.round(um / 100) / 10;
}

function checkPages(pages: number): void {
  if (!Number.isInteger(pages) || pages < 1) throw new RangeError(`invalid page count ${pages}`);
}

/** Thickness of one printed page side in micrometres (half a leaf). */
export function pageThicknessMicrons(paper: PaperType): number {
  return PAPER_LEAF_MICRONS[paper] / 2;
}

/**
 * The spine width in mm for `pages` pages on `paper`: one leaf's thickness for every two pages
 * (an odd last page still takes a whole leaf), to a tenth of a millimetre.
 */
export function spineWidthMm(pages: number, paper: PaperType): number {
  checkPages(pages);
  return mmOf(Math.ceil(pages / 2) * PAPER_LEAF_MICRONS[paper]);
}

/** Whether the spine of such a book is wide enough to carry text. */
export function spineTextAllowed(pages: number, paper: PaperType): boolean {
  return spineWidthMm(pages, paper) >= SPINE_TEXT_MIN_MM;
}

/** An interior page as it must be delivered: the trim plus the bleed on every edge. */
export function interiorPageMm(size: TrimSize): { widthMm: number; heightMm: number } {
  const trim = TRIM_SIZES[size];
  return { widthMm: trim.widthMm + 2 * BLEED_MM, heightMm: trim.heightMm + 2 * BLEED_MM };
}

export interface CoverOptions {
  pages: number;
  size: TrimSize;
  paper: PaperType;
  direction: ReadingDirection;
}

/** A vertical band of the spread, measured from its left edge (bleed included), in mm. */
export interface CoverPanel {
  xMm: number;
  widthMm: number;
}

export interface CoverSpread {
  trim: { widthMm: number; heightMm: number };
  bleedMm: number;
  spineMm: number;
  widthMm: number;
  heightMm: number;
  widthPt: number;
  heightPt: number;
  /** Where the front cover lies: left of the spine for right-to-left books. */
  frontCoverSide: 'left' | 'right';
  spineTextAllowed: boolean;
  /** The back cover, spine and front cover, each with its bleed on the outer edge. */
  panels: { back: CoverPanel; spine: CoverPanel; front: CoverPanel };
}

/**
 * The cover spread of a book: width = 2 × trim width + spine + 2 × bleed, height = trim height +
 * 2 × bleed. A right-to-left book opens from what a left-to-right reader calls the back, so its
 * front cover is the panel left of the spine.
 */
export function coverSpread(options: CoverOptions): CoverSpread {
  const trim = TRIM_SIZES[options.size];
  const spineUm = microns(spineWidthMm(options.pages, options.paper));
  const bleedUm = microns(BLEED_MM);
  const trimWidthUm = microns(trim.widthMm);
  const widthUm = 2 * trimWidthUm + spineUm + 2 * bleedUm;
  const heightUm = microns(trim.heightMm) + 2 * bleedUm;
  const outerPanelUm = trimWidthUm + bleedUm;
  const left: CoverPanel = { xMm: 0, widthMm: mmOf(outerPanelUm) };
  const spine: CoverPanel = { xMm: mmOf(outerPanelUm), widthMm: mmOf(spineUm) };
  const right: CoverPanel = { xMm: mmOf(outerPanelUm + spineUm), widthMm: mmOf(outerPanelUm) };
  const frontCoverSide = options.direction === 'rtl' ? 'left' : 'right';
  return {
    trim: { widthMm: trim.widthMm, heightMm: trim.heightMm },
    bleedMm: BLEED_MM,
    spineMm: mmOf(spineUm),
    widthMm: mmOf(widthUm),
    heightMm: mmOf(heightUm),
    widthPt: mmToPoints(mmOf(widthUm)),
    heightPt: mmToPoints(mmOf(heightUm)),
    frontCoverSide,
    spineTextAllowed: spineUm >= microns(SPINE_TEXT_MIN_MM),
    panels:
      frontCoverSide === 'left'
        ? { front: left, spine, back: right }
        : { back: left, spine, front: right },
  };
}

/** Whether a measured length is the expected one within {@link SIZE_TOLERANCE_MM}. */
export function withinTolerance(measuredMm: number, expectedMm: number): boolean {
  return Math.abs(measuredMm - expectedMm) <= SIZE_TOLERANCE_MM + 1e-9;
}

/** The excerpt readers may open: the first 10 % of the pages (at least 1), at most 20. */
export function excerptPageCount(pages: number): number {
  checkPages(pages);
  return Math.min(20, Math.max(1, Math.ceil(pages / 10)));
}
