import type { Book, PreflightReport } from '@mechabrim/contracts';
import type { Types } from 'mongoose';
import { approvalOf } from '@mechabrim/db';
import type { SplitPolicy } from '@mechabrim/money';
import { TRIM_SIZES, type TrimSize } from '@mechabrim/print-specs';
import { toPrintCostAnswer, type StoredPrintCost } from '../print/print-cost.answer';

/** The stored fields a book answer reads (a lean document with PUBLIC_BOOK_FIELDS). */
export interface StoredBook {
  preflight?: unknown;
  _id: Types.ObjectId;
  title: string;
  coverImage?: string | null;
  author: Types.ObjectId;
  authorName?: string | null;
  category: string;
  price: number;
  description?: string | null;
  summary?: string | null;
  rating?: number | null;
  totalRatings?: number | null;
  isAvailable?: boolean | null;
  firstListedAt?: Date | null;
  tags?: string[] | null;
  publishedDate?: Date | null;
  salesCount?: number | null;
  createdAt?: Date | null;
  approvalStatus?: string | null;
  moderationReason?: string | null;
  deletedAt?: Date | null;
  /** Storage keys of the upload's files; public answers read only whether an excerpt exists. */
  files?: { excerpt?: string | null } | null;
  size?: string | null;
  readingFormat?: string | null;
  paperType?: string | null;
  printingType?: string | null;
  pages?: number | null;
  /** The print partner's quote per copy (owner answers only). */
  printCost?: StoredPrintCost | null;
}

/**
 * A stored cover path (`/api/covers/…`) becomes a URL on the API's public origin, because the
 * front ends live on other origins; full URLs pass through.
 */
export function publicUrl(path: string | null | undefined, publicApiUrl: string): string {
  if (!path) return '';
  if (path.startsWith('/')) return `${publicApiUrl.replace(/\/$/, '')}${path}`;
  return path;
}

/** A book as public answers show it (spec §3); the author as `{_id, name}`. */
export function toBookAnswer(book: StoredBook, publicApiUrl: string): Book {
  const authorId = book.author.toHexString();
  const authorName = book.authorName ?? '';
  return {
    _id: book._id.toHexString(),
    title: book.title,
    coverImage: publicUrl(book.coverImage, publicApiUrl),
    author: { _id: authorId, name: authorName },
    authorName,
    category: book.category,
    price: book.price,
    description: book.description ?? '',
    summary: book.summary ?? '',
    rating: book.rating ?? 0,
    totalRatings: book.totalRatings ?? 0,
    isAvailable: book.isAvailable ?? false,
    tags: book.tags ?? [],
    publishedDate: book.publishedDate ? book.publishedDate.toISOString() : null,
    salesCount: book.salesCount ?? 0,
    createdAt: (book.createdAt ?? new Date(0)).toISOString(),
    hasExcerpt: !!book.files?.excerpt,
    printSpec: printSpecOf(book),
  };
}

/** The stored print options as the book page reads them; unknown values are left out (null). */
function printSpecOf(book: StoredBook): NonNullable<Book['printSpec']> {
  const trim =
    book.size && Object.hasOwn(TRIM_SIZES, book.size)
      ? { name: book.size, ...TRIM_SIZES[book.size as TrimSize] }
      : null;
  return {
    pages: book.pages ?? null,
    trim,
    paper: book.paperType ?? null,
    printing:
      book.printingType === 'bw' || book.printingType === 'color' ? book.printingType : null,
    readingDirection:
      book.readingFormat === 'rtl' || book.readingFormat === 'ltr' ? book.readingFormat : null,
  };
}

/** Stored fields an owner's view of a book reads beyond the public ones. */
export const OWNER_BOOK_FIELDS = {
  approvalStatus: 1,
  moderationReason: 1,
  deletedAt: 1,
  preflight: 1,
  printCost: 1,
} as const;

/**
 * A book as its author (or an admin) sees it: the public answer, its moderation state and its
 * print cost quote (with the lowest price that carries it under `policy`).
 */
export function toOwnerBookAnswer(
  book: StoredBook,
  publicApiUrl: string,
  policy: SplitPolicy,
): Book {
  return {
    ...toBookAnswer(book, publicApiUrl),
    approvalStatus: approvalOf(book),
    moderationReason: book.moderationReason ?? '',
    printCost: toPrintCostAnswer(book.printCost, policy),
    // The author follows their upload's checks in the portal; the public never sees them.
    ...(book.preflight ? { preflight: book.preflight as PreflightReport } : {}),
  };
}
