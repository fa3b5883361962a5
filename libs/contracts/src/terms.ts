/**
 * The contracts' plain values: no zod, nothing but constants and small pure functions. A front
 * end's first screen imports them from `@mechabrim/contracts/src/terms`, so it can read a
 * category's name or a review's length limit without loading zod and every schema of the barrel
 * (~130 KB of script parsed before the page answers). The barrel exports them too; the schemas
 * beside each topic import them from here.
 */

/**
 * Upload categories of spec §9. `value` is what a book stores and the route carries
 * (`/category/פנטזיה`); `key` is an English alias accepted by `?category=`.
 */
export const BOOK_CATEGORIES = [
  { value: 'פנטזיה', key: 'fantasy', name: 'פנטזיה' },
  { value: 'מדע בדיוני', key: 'science-fiction', name: 'מדע בדיוני' },
  { value: 'רומן', key: 'novel', name: 'רומן' },
  { value: 'היסטוריה', key: 'history', name: 'היסטוריה' },
  { value: 'ילדים', key: 'children', name: 'ילדים' },
  { value: 'עיון ומסות', key: 'non-fiction', name: 'עיון ומסות' },
  { value: 'שירה', key: 'poetry', name: 'שירה' },
  { value: 'בישול', key: 'cooking', name: 'בישול' },
  { value: 'ספורט', key: 'sport', name: 'ספורט' },
  { value: 'אחר', key: 'other', name: 'אחר' },
] as const;
export type BookCategory = (typeof BOOK_CATEGORIES)[number]['value'];
export const BOOK_CATEGORY_VALUES = BOOK_CATEGORIES.map((c) => c.value) as [
  BookCategory,
  ...BookCategory[],
];

/**
 * English slugs of the original category page (spec §3) mapped onto the upload categories. A Map,
 * not an object literal: the key comes from the user, and `constructor` or `__proto__` must not
 * find something on Object.prototype.
 */
const LEGACY_CATEGORY_SLUGS: ReadonlyMap<string, BookCategory> = new Map<string, BookCategory>([
  ['romance', 'רומן'],
  ['fiction', 'רומן'],
  ['science', 'מדע בדיוני'],
  ['philosophy', 'עיון ומסות'],
  ['health', 'עיון ומסות'],
  ['biography', 'עיון ומסות'],
  ['travel', 'אחר'],
  ['religion', 'אחר'],
]);

/** The stored category for a route or query value (Hebrew value, English key or legacy slug), or null. */
export function resolveCategory(value: string): BookCategory | null {
  const v = value.trim();
  const lower = v.toLowerCase();
  const byValue = BOOK_CATEGORIES.find((c) => c.value === v || c.key === lower);
  if (byValue) return byValue.value;
  return LEGACY_CATEGORY_SLUGS.get(lower) ?? null;
}

/** Sort orders of the catalogue (spec §2, §9). Default: best sellers first. */
export const BOOK_SORTS = ['sales', 'newest', 'price', 'price-desc', 'rating', 'title'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];

/**
 * The catalogue's price bands (spec §2: under 30, 30–50, over 50 ₪), as whole shekels of the
 * book's price. One definition for the API's filter and the storefront's filter control.
 */
export const PRICE_BANDS = ['under-30', '30-50', 'over-50'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];
export const PRICE_BAND_BOUNDS: Record<
  PriceBand,
  { gte?: number; lt?: number; lte?: number; gt?: number }
> = {
  'under-30': { lt: 30 },
  '30-50': { gte: 30, lte: 50 },
  'over-50': { gt: 50 },
};

/** Does a price (shekels) fall in a band? */
export function inPriceBand(price: number, band: PriceBand): boolean {
  const b = PRICE_BAND_BOUNDS[band];
  return (
    (b.gte === undefined || price >= b.gte) &&
    (b.gt === undefined || price > b.gt) &&
    (b.lt === undefined || price < b.lt) &&
    (b.lte === undefined || price <= b.lte)
  );
}

/**
 * An author's grammatical gender, as the author chose it in the profile editor: the storefront
 * speaks of her or him in it ('הצטרפה', 'הצטרף'). Absent means not given, and the text is neutral.
 */
export const AUTHOR_GENDERS = ['female', 'male'] as const;

/** Length limits of a review's fields, in characters (Hebrew text, counted as typed). */
export const REVIEW_LIMITS = {
  titleMin: 2,
  titleMax: 120,
  contentMin: 10,
  contentMax: 3000,
  reportReasonMin: 3,
  reportReasonMax: 500,
} as const;

/** The largest file of an upload (spec §5: up to 50 MB). */
export const MAX_UPLOAD_FILE_BYTES = 50 * 1024 * 1024;

/**
 * The files the upload form takes, and their formats: the book and its cover as PDF, the cover's
 * picture for the store as an image. The form's `accept` and the upload guide read them here.
 */
export const UPLOAD_FORMATS = {
  pdf: { mimeTypes: ['application/pdf'], names: ['PDF'] },
  image: {
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    names: ['JPEG', 'PNG', 'WebP', 'GIF'],
  },
} as const;

/**
 * The widths, in pixels, of the web sizes the print preflight makes of an uploaded cover image
 * (WebP, at `GET /api/books/:id/cover/:size`): a shelf's thumbnail, the store's cards and the
 * book page on a sharp screen.
 */
export const BOOK_COVER_WIDTHS = { thumb: 200, web: 600, large: 1200 } as const;
export type BookCoverSize = keyof typeof BOOK_COVER_WIDTHS;

/** `…/api/books/<id>/cover/<size>`, with the path before the size captured. */
const UPLOADED_COVER_ADDRESS = new RegExp(
  `(/api/books/[0-9a-f]{24}/cover/)(?:${Object.keys(BOOK_COVER_WIDTHS).join('|')})(?=\\?|$)`,
);

/**
 * Every web size of an uploaded cover, for an `<img srcset>`, from any one of its addresses
 * (`…/api/books/<id>/cover/web?v=…`); `undefined` for any other picture (the demo's SVG covers,
 * an outside address), which has one size.
 */
export function bookCoverSrcSet(src: string): string | undefined {
  if (!UPLOADED_COVER_ADDRESS.test(src)) return undefined;
  return (Object.entries(BOOK_COVER_WIDTHS) as [BookCoverSize, number][])
    .map(([size, width]) => `${src.replace(UPLOADED_COVER_ADDRESS, `$1${size}`)} ${width}w`)
    .join(', ');
}

/** Days after delivery a buyer may ask to return books (spec §9: "returns within 14 days"). */
export const RETURN_WINDOW_DAYS = 14;

/**
 * The address as a link may carry it: an absolute http(s) URL with a host, as typed; anything
 * else (`javascript:`, `data:`, a bare word, a URL with credentials) gives `''`. The API applies
 * it to every stored link it answers and the storefront again before it renders one.
 */
export function safeHttpUrl(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 300) return '';
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
    if (!url.hostname || url.username || url.password) return '';
    return value.trim();
  } catch {
    return '';
  }
}
