// Heebo's digits and punctuation as faces of their own, cut from @fontsource's Latin faces.
//
// Nearly every first screen has a price, a count or a date, and the Hebrew faces have no digits,
// so each page also loaded Heebo's whole Latin face for its weights (~12 KB each, three weights)
// before its first picture: on a phone's slow network those bytes are on the way to the page's
// largest text (docs/benchmarks.md, 2026-12-01). These faces hold only the digits and the
// punctuation a Hebrew line uses (~3.6 KB each); libs/ui/src/digits.css declares them after
// @fontsource's faces, so the browser tries them first for those characters, and a page with
// Latin letters still gets the whole Latin face for the letters. The glyphs are Heebo's own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

/** The weights the pages use (libs/ui/src/global.ts). */
export const DIGIT_FACE_WEIGHTS = [400, 500, 700] as const;
export type DigitFaceWeight = (typeof DIGIT_FACE_WEIGHTS)[number];

/**
 * The characters of the digit faces as CSS `unicode-range` entries: the space (the Hebrew faces
 * have it but do not claim it, so every space between Hebrew words came from the Latin face),
 * ASCII digits and punctuation, the no-break space, ©, guillemets,
 * ×, the en and em dashes, quotation marks, the bullet, the ellipsis, the breadcrumbs' ‹ › and
 * the minus sign. Every one is in Heebo's Latin faces.
 */
export const DIGIT_FACE_RANGES = [
  'U+0020-0040',
  'U+005B-0060',
  'U+007B-007E',
  'U+00A0',
  'U+00A9',
  'U+00AB',
  'U+00BB',
  'U+00D7',
  'U+2013-2014',
  'U+2018-2019',
  'U+201C-201D',
  'U+2022',
  'U+2026',
  'U+2039-203A',
  'U+2212',
] as const;

/** The code points of `unicode-range` entries (`U+0030`, `U+0030-0039`). */
export function codePointsOf(ranges: readonly string[]): number[] {
  return ranges.flatMap((range) => {
    const match = /^U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?$/i.exec(range);
    if (!match?.[1]) throw new Error(`not a unicode-range entry: ${range}`);
    const first = parseInt(match[1], 16);
    const last = match[2] ? parseInt(match[2], 16) : first;
    return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  });
}

const repositoryRoot = path.resolve(__dirname, '../../..');

/** @fontsource's Latin face of a weight, the digit face's source. */
export function latinFacePath(weight: DigitFaceWeight): string {
  return require.resolve(`@fontsource/heebo/files/heebo-latin-${weight}-normal.woff2`);
}

/** Where the digit face of a weight is kept (and digits.css points). */
export function digitFacePath(weight: DigitFaceWeight): string {
  return path.join(repositoryRoot, `libs/ui/src/fonts/heebo-digits-${weight}-normal.woff2`);
}

/** Cuts the digit face of a weight from the Latin face (WOFF2). */
export async function makeDigitFace(weight: DigitFaceWeight): Promise<Buffer> {
  const text = String.fromCodePoint(...codePointsOf(DIGIT_FACE_RANGES));
  return subsetFont(readFileSync(latinFacePath(weight)), text, { targetFormat: 'woff2' });
}
