import { TRIM_SIZES } from './print-specs';

/** A book's print options as the catalogue keeps them (spec §3's upload payload). */
export interface BookPrintOptions {
  size?: string | null;
  paperType?: string | null;
  printingType?: string | null;
}

/** A book's `size` as stored ("A5", "13.5x21", "135x210 mm"…) read as one of the two trims, in mm. */
export function trimOf(size: string | null | undefined): { width: number; height: number } {
  const compact = (size ?? 'A5').replace(/\s|מ"מ|mm|cm|ס"מ/gi, '').toLowerCase();
  const trim = /^(13\.?5[x×]21|135[x×]210)/.test(compact) ? TRIM_SIZES['135x210'] : TRIM_SIZES.A5;
  return { width: trim.widthMm, height: trim.heightMm };
}

/**
 * Lulu's product code for a book (the print job's and the cost calculation's `pod_package_id`),
 * in its dotted form: trim in hundredths of an inch (`0583X0827` is A5), interior colour (BW or
 * FC), standard quality, perfect bound (PB: spec §3's soft cover), the paper, matte cover. Our
 * 70/80/90 g wood-free papers are read as Lulu's 60# and 80# uncoated white (`060UW444`,
 * `080CW444`): the partner's nearest stock, to be confirmed with the partner before going live.
 */
export function podPackageId(book: BookPrintOptions): string {
  const trim = trimOf(book.size);
  const inches = (mm: number) =>
    String(Math.round((mm / 25.4) * 100))
      .padStart(4, '0')
      .slice(-4);
  const colour = book.printingType === 'color' ? 'FC' : 'BW';
  const paper = book.paperType === '90g' || book.paperType === '80g' ? '080CW444' : '060UW444';
  return `${inches(trim.width)}X${inches(trim.height)}.${colour}.STD.PB.${paper}.MXX`;
}

/** The parts of a product code the price table reads. */
export interface PodPackage {
  /** `0583X0827`: width and height in hundredths of an inch. */
  trim: string;
  colour: 'BW' | 'FC';
  paper: string;
}

/**
 * Reads a `pod_package_id`, dotted (`0583X0827.BW.STD.PB.060UW444.MXX`) or in Lulu's compact
 * 27-character form (`0583X0827BWSTDPB060UW444MXX`); null for anything else.
 */
export function parsePodPackageId(id: string): PodPackage | null {
  const compact = id.replace(/\./g, '').toUpperCase();
  const match = /^(\d{4}X\d{4})(BW|FC)(STD|PRE)([A-Z]{2})(\d{3}[A-Z]{2}\d{3})([A-Z]{3})$/.exec(
    compact,
  );
  if (!match?.[1] || !match[2] || !match[5]) return null;
  return { trim: match[1], colour: match[2] as 'BW' | 'FC', paper: match[5] };
}
