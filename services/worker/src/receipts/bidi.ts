import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/**
 * One line of text in visual order (left to right, as a PDF draws glyphs), by the Unicode
 * bidirectional algorithm with a right-to-left paragraph: Hebrew runs reversed, numbers and Latin
 * words kept left to right inside them, brackets mirrored. PDF viewers and `pdftotext` rebuild the
 * logical order from the visual one.
 */
export function visualOrder(line: string): string {
  if (!line) return line;
  const levels = bidi.getEmbeddingLevels(line, 'rtl');
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  const chars = Array.from(line, (char, index) => mirrored.get(index) ?? char);
  // getReorderSegments works on UTF-16 indices; every character here is a single code unit
  // except astral ones, which receipts do not print.
  for (const segment of bidi.getReorderSegments(line, levels)) {
    const [start, end] = segment as [number, number];
    const reversed = chars.slice(start, end + 1).reverse();
    chars.splice(start, reversed.length, ...reversed);
  }
  return chars.join('');
}
