import fc from 'fast-check';
import {
  MAX_PAGES,
  MIN_PAGES,
  PAPER_TYPE_NAMES,
  TRIM_SIZE_NAMES,
  coverSpread,
  excerptPageCount,
  interiorPageMm,
  mmToPoints,
  pageThicknessMicrons,
  pointsToMm,
  spineTextAllowed,
  spineWidthMm,
  withinTolerance,
} from './print-specs';

const options = fc.record({
  pages: fc.integer({ min: MIN_PAGES, max: MAX_PAGES }),
  size: fc.constantFrom(...TRIM_SIZE_NAMES),
  paper: fc.constantFrom(...PAPER_TYPE_NAMES),
  direction: fc.constantFrom('rtl' as const, 'ltr' as const),
});

describe('spine width', () => {
  it('takes one leaf per two pages of the chosen paper', () => {
    expect(spineWidthMm(200, '80g')).toBe(10); // 100 leaves × 0.1 mm
    expect(spineWidthMm(200, '70g')).toBe(8.8);
    expect(spineWidthMm(200, '90g')).toBe(11.3);
    // An odd last page still needs a whole leaf.
    expect(spineWidthMm(201, '80g')).toBe(10.1);
    expect(pageThicknessMicrons('80g')).toBe(50);
  });

  it('refuses a page count that is not a positive whole number', () => {
    expect(() => spineWidthMm(0, '80g')).toThrow(RangeError);
    expect(() => spineWidthMm(10.5, '80g')).toThrow(RangeError);
  });

  it('grows with the page count and with heavier paper', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), (pages) => {
        expect(spineWidthMm(pages + 2, '70g')).toBeGreaterThanOrEqual(spineWidthMm(pages, '70g'));
        // Two more leaves (0.176 mm) always show at a tenth of a millimetre.
        expect(spineWidthMm(pages + 4, '70g')).toBeGreaterThan(spineWidthMm(pages, '70g'));
        expect(spineWidthMm(pages, '90g')).toBeGreaterThanOrEqual(spineWidthMm(pages, '80g'));
        expect(spineWidthMm(pages, '80g')).toBeGreaterThanOrEqual(spineWidthMm(pages, '70g'));
      }),
    );
  });

  it('allows spine text from 6 mm up', () => {
    expect(spineTextAllowed(118, '80g')).toBe(false); // 5.9 mm
    expect(spineTextAllowed(120, '80g')).toBe(true); // 6.0 mm
  });
});

describe('cover spread', () => {
  it('is two trims, the spine and the bleed on both edges (A5, 200 pages, 80 g)', () => {
    const spread = coverSpread({ pages: 200, size: 'A5', paper: '80g', direction: 'rtl' });
    expect(spread.spineMm).toBe(10);
    expect(spread.widthMm).toBe(2 * 148 + 10 + 2 * 3);
    expect(spread.heightMm).toBe(216);
    expect(spread.widthPt).toBe(884.41); // 312 mm
    expect(spread.heightPt).toBe(612.28);
    expect(spread.spineTextAllowed).toBe(true);
  });

  it('puts the front cover left of the spine for right-to-left books, right of it otherwise', () => {
    const rtl = coverSpread({ pages: 100, size: '135x210', paper: '70g', direction: 'rtl' });
    expect(rtl.frontCoverSide).toBe('left');
    expect(rtl.panels.front.xMm).toBe(0);
    expect(rtl.panels.back.xMm).toBeGreaterThan(rtl.panels.spine.xMm);
    const ltr = coverSpread({ pages: 100, size: '135x210', paper: '70g', direction: 'ltr' });
    expect(ltr.frontCoverSide).toBe('right');
    expect(ltr.panels.back.xMm).toBe(0);
  });

  it('always adds up: panels tile the spread exactly, width = 2 × trim + spine + 2 × bleed', () => {
    fc.assert(
      fc.property(options, (o) => {
        const s = coverSpread(o);
        expect(s.widthMm).toBeCloseTo(2 * s.trim.widthMm + s.spineMm + 2 * s.bleedMm, 6);
        const bands = [s.panels.back, s.panels.spine, s.panels.front].sort((a, b) => a.xMm - b.xMm);
        let x = 0;
        for (const band of bands) {
          expect(band.xMm).toBeCloseTo(x, 6);
          x += band.widthMm;
        }
        expect(x).toBeCloseTo(s.widthMm, 6);
        expect(s.spineTextAllowed).toBe(spineTextAllowed(o.pages, o.paper));
      }),
    );
  });
});

describe('pages and units', () => {
  it('gives an interior page the trim plus bleed on each edge', () => {
    expect(interiorPageMm('A5')).toEqual({ widthMm: 154, heightMm: 216 });
    expect(interiorPageMm('135x210')).toEqual({ widthMm: 141, heightMm: 216 });
  });

  it('converts millimetres and points both ways to within a hundredth', () => {
    expect(mmToPoints(210)).toBe(595.28);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100000 }), (tenths) => {
        const mm = tenths / 10;
        expect(Math.abs(pointsToMm(mmToPoints(mm)) - mm)).toBeLessThanOrEqual(0.01);
      }),
    );
  });

  it('accepts a size within a millimetre', () => {
    expect(withinTolerance(149, 148)).toBe(true);
    expect(withinTolerance(149.2, 148)).toBe(false);
  });

  it('cuts an excerpt of a tenth of the book, at least one page and at most twenty', () => {
    expect(excerptPageCount(1)).toBe(1);
    expect(excerptPageCount(35)).toBe(4);
    expect(excerptPageCount(200)).toBe(20);
    expect(excerptPageCount(900)).toBe(20);
  });
});
