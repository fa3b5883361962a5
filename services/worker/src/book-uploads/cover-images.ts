import {
  BOOK_COVER_FIELDS,
  BOOK_COVER_SIZES,
  BOOK_COVER_WIDTHS,
  type BookCoverSize,
  type PreflightCheck,
} from '@mechabrim/contracts';
import { preflightStringsHe as he } from './preflight.strings.he';

/** The web sizes of a cover image: widths in pixels, by the book's `files` field they go to. */
export type CoverImageSize = (typeof BOOK_COVER_FIELDS)[BookCoverSize];
export const COVER_IMAGE_WIDTHS = Object.fromEntries(
  BOOK_COVER_SIZES.map((size) => [BOOK_COVER_FIELDS[size], BOOK_COVER_WIDTHS[size]]),
) as Record<CoverImageSize, number>;

/** Under this width a cover looks blurred on the book page. */
const MIN_COVER_WIDTH_PX = 600;
/** Decoding more pixels than this is refused (a decompression bomb), about 7000 × 7000. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface CoverImageResult {
  check: PreflightCheck;
  /** WebP renditions, by size; empty when the image could not be decoded. */
  sizes: Partial<Record<CoverImageSize, Buffer>>;
}

function coverCheck(
  status: PreflightCheck['status'],
  measured: string,
  explanation: string,
  fix = '',
): PreflightCheck {
  return {
    id: 'cover-image.decodes',
    status,
    title: he.titles['cover-image.decodes'],
    measured,
    expected: he.coverImage.expected,
    explanation,
    fix: status === 'pass' ? '' : fix,
  };
}

/** Decodes the uploaded cover image and makes its thumbnail and web sizes (WebP). */
export async function coverImageSizes(input: Buffer | null): Promise<CoverImageResult> {
  if (!input)
    return {
      check: coverCheck(
        'fail',
        he.coverImage.missing,
        he.coverImage.broken,
        he.coverImage.brokenFix,
      ),
      sizes: {},
    };
  // Loaded on the first cover, not at every worker start (~55 ms); outside the check, since a
  // failure to load it is ours, not the image's.
  const { default: sharp } = await import('sharp');
  try {
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
    const meta = await sharp(input, options).metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    const sizes: CoverImageResult['sizes'] = {};
    for (const [name, target] of Object.entries(COVER_IMAGE_WIDTHS) as [CoverImageSize, number][]) {
      sizes[name] = await sharp(input, options)
        .autoOrient()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    }
    const measured = he.coverImage.measured(width, height, meta.format);
    return width < MIN_COVER_WIDTH_PX
      ? { check: coverCheck('warn', measured, he.coverImage.small, he.coverImage.smallFix), sizes }
      : { check: coverCheck('pass', measured, he.coverImage.ok), sizes };
  } catch {
    return {
      check: coverCheck('fail', '', he.coverImage.broken, he.coverImage.brokenFix),
      sizes: {},
    };
  }
}
