import {
  Schema,
  type HydratedDocument,
  type InferSchemaType,
  type Model,
  type UpdateQuery,
  type QueryFilter,
} from 'mongoose';
import { BOOK_STATUSES, PREFLIGHT_STATUSES } from '@mechabrim/contracts';
import { notifyChanges } from './change-notifier';
import { bookSearchFields } from './book-search';

/** A book's moderation states (see `approvalStatus` below). */
export const BOOK_APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BookApprovalStatus = (typeof BOOK_APPROVAL_STATUSES)[number];

/**
 * A book of the catalogue (spec §3). The public sees only `isAvailable` books. `rating` and
 * `totalRatings` are the mean (one decimal) and the number of the book's approved reviews, as
 * {@link ratingFromReviews} computes them; nothing in the API writes reviews yet, so the seed sets
 * them and whatever approves or removes a review later must recompute them. `salesCount` is the
 * number of copies sold: the copies the ledger holds for the book (its author entries, sales less
 * reversals), plus any sold before the ledger (the demo seed gives books other than the demo
 * author's such earlier sales). The
 * `search*` fields are derived from title, author name and tags by hooks below — never written by
 * hand.
 */
export const BookSchema = new Schema(
  {
    title: { type: String, required: true, trim: true, maxlength: 300 },
    coverImage: { type: String, default: '' },
    /** The author's user id. */
    author: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** The author's name, copied so lists and search need no join; refreshed when it changes. */
    authorName: { type: String, default: '', trim: true },
    /** An upload category value of spec §9 (`BOOK_CATEGORIES` in contracts). */
    category: { type: String, required: true, trim: true },
    price: { type: Number, required: true, min: 0 },
    description: { type: String, default: '' },
    summary: { type: String, default: '' },
    rating: { type: Number, default: 0, min: 0, max: 5 },
    totalRatings: { type: Number, default: 0, min: 0 },
    isAvailable: { type: Boolean, default: false },
    /**
     * When the book first went on sale (approved and available); set once by the hooks below and
     * never cleared. A book off sale with this date keeps its public page as sold out; a book
     * without it (never approved) stays unknown to the public.
     */
    firstListedAt: { type: Date, default: null },
    tags: { type: [String], default: [] },
    publishedDate: { type: Date, default: null },
    salesCount: { type: Number, default: 0, min: 0 },
    /**
     * The ledger's copies of this book when `salesCount` was last brought up to them: the worker's
     * `book-sales` count adds what the ledger gained since (or takes back what a cancellation
     * reversed) and sets this anew, only if no other count changed it meanwhile.
     */
    ledgerCopies: { type: Number, default: 0 },

    // Print options of the upload form (spec §3); defaults as the form's.
    language: { type: String, default: 'עברית' },
    size: { type: String, default: 'A5' },
    readingFormat: { type: String, default: 'rtl' },
    paperType: { type: String, default: '70g' },
    printingType: { type: String, default: 'bw' },
    pages: { type: Number, default: null },
    isbn: { type: String, default: '' },
    /**
     * The print partner's quote for one printed copy (ARCHITECTURE.md decision 11), taken at
     * upload, edit and approval: whole agorot, when it was quoted, and the product it was quoted
     * for (Lulu's `pod_package_id`; a change of trim, paper or colour needs a new quote). Null
     * while none is known (the partner was unreachable, or the page count is not known yet): such
     * a book is quoted again at approval, and cannot be approved without a quote. The split
     * deducts `agorot × copies` from the share that bears print.
     */
    printCost: {
      type: new Schema(
        {
          agorot: { type: Number, required: true, min: 0, validate: Number.isInteger },
          quotedAt: { type: Date, required: true },
          podPackageId: { type: String, required: true },
          pages: { type: Number, required: true, min: 1 },
        },
        { _id: false },
      ),
      default: null,
    },
    /**
     * Where an uploaded book stands: `pending_approval` from the upload until an admin decides
     * (spec §4 book submission); null for books that never went through an upload (the seed).
     */
    status: { type: String, enum: [...BOOK_STATUSES, null], default: null },
    /**
     * Stored files of the upload, as storage-port keys (libs/storage `bookFileKeys`): the interior
     * and cover PDFs and the cover image as uploaded; the excerpt and the cover image's sizes as
     * the worker's preflight cuts them. `uploadId` names the upload these files belong to.
     */
    files: {
      uploadId: { type: String, default: '' },
      pdf: { type: String, default: '' },
      coverPdf: { type: String, default: '' },
      coverImage: { type: String, default: '' },
      excerpt: { type: String, default: '' },
      coverThumb: { type: String, default: '' },
      coverWeb: { type: String, default: '' },
      coverLarge: { type: String, default: '' },
    },
    /** The print preflight's report of the latest upload (contracts `PreflightReport`). */
    preflight: {
      type: new Schema(
        {
          status: { type: String, enum: PREFLIGHT_STATUSES, required: true },
          uploadId: { type: String, required: true },
          pages: { type: Number, default: null },
          checks: { type: [Schema.Types.Mixed], default: [] },
          checkedAt: { type: Date, default: null },
          durationMs: { type: Number, default: null },
        },
        { _id: false },
      ),
      default: null,
    },

    /**
     * Moderation (issue 12): `pending` until an admin approves the upload, then `approved` (the
     * author may hide and show it) or `rejected` with a reason the author sees. Unset on books
     * from before moderation: read through {@link approvalOf}, which takes such a book as approved
     * when it is on sale and as pending otherwise (spec §4: unavailable reads as pending approval).
     */
    approvalStatus: { type: String, enum: BOOK_APPROVAL_STATUSES, default: undefined },
    /** The admin's reason for a rejection, shown to the author. */
    moderationReason: { type: String, default: '', maxlength: 1000 },
    moderatedAt: { type: Date, default: null },
    /**
     * Set when the author or an admin deletes the book: it leaves the catalogue and the author's
     * lists, but stays stored so orders, the ledger and wishlists that name it still read.
     */
    deletedAt: { type: Date, default: null },

    searchTitle: { type: [String], default: [], select: false },
    searchAuthor: { type: [String], default: [], select: false },
    searchTags: { type: [String], default: [], select: false },
    searchKeys: { type: [String], default: [], select: false },
  },
  { timestamps: true, collection: 'books' },
);

// The catalogue's sorts (services/api books.service.ts CATALOGUE_SORTS), each with `_id` last:
// a page is read from the index in order and stops after skip + limit, instead of sorting the
// whole catalogue. The category page uses the best-seller order within its category.
BookSchema.index({ isAvailable: 1, salesCount: -1, _id: 1 });
BookSchema.index({ isAvailable: 1, category: 1, salesCount: -1, _id: 1 });
BookSchema.index({ isAvailable: 1, createdAt: -1, _id: 1 });
BookSchema.index({ isAvailable: 1, price: 1, _id: 1 });
BookSchema.index({ isAvailable: 1, rating: -1, totalRatings: -1, _id: 1 });
BookSchema.index({ isAvailable: 1, title: 1, _id: 1 });
BookSchema.index({ author: 1, createdAt: -1 });
BookSchema.index({ approvalStatus: 1, createdAt: 1 });
BookSchema.index({ searchKeys: 1 });
BookSchema.index({ tags: 1 });
BookSchema.index({ createdAt: -1 });
BookSchema.index({ updatedAt: -1 });

/** A book's moderation state, also for books stored before moderation existed. */
export function approvalOf(book: {
  approvalStatus?: string | null;
  isAvailable?: boolean | null;
}): BookApprovalStatus {
  const stored = book.approvalStatus;
  if (stored === 'pending' || stored === 'approved' || stored === 'rejected') return stored;
  return book.isAvailable ? 'approved' : 'pending';
}

/**
 * The filter of books waiting for an admin: pending, or stored before moderation and not on
 * sale. Deleted books wait for nobody.
 */
export function pendingApprovalFilter(): QueryFilter<BookRecord> {
  return {
    deletedAt: null,
    $or: [{ approvalStatus: 'pending' }, { approvalStatus: null, isAvailable: false }],
  };
}

/** A book's rating and totalRatings from the star ratings of its approved reviews. */
export function ratingFromReviews(approvedStars: readonly number[]): {
  rating: number;
  totalRatings: number;
} {
  if (!approvedStars.length) return { rating: 0, totalRatings: 0 };
  const mean = approvedStars.reduce((a, b) => a + b, 0) / approvedStars.length;
  return { rating: Math.round(mean * 10) / 10, totalRatings: approvedStars.length };
}

const SEARCH_SOURCES = ['title', 'authorName', 'tags'] as const;

BookSchema.pre('validate', function () {
  if (this.isNew || SEARCH_SOURCES.some((path) => this.isModified(path))) {
    this.set(bookSearchFields(this));
  }
  // On sale now, or just taken off sale (a stored boolean modified to false was true).
  const listed = this.isAvailable || (!this.isNew && this.isModified('isAvailable'));
  if (listed && !this.firstListedAt) {
    this.firstListedAt = this.isNew && this.createdAt ? this.createdAt : new Date();
  }
});

/** Values an update query assigns, whether written as `$set` or as plain top-level fields. */
function assigned(update: UpdateQuery<unknown>): Record<string, unknown> {
  const plain = Object.fromEntries(Object.entries(update).filter(([key]) => !key.startsWith('$')));
  return { ...plain, ...(update.$set ?? {}) };
}

// Updates through queries (findOneAndUpdate, updateOne) bypass document hooks: recompute the
// search fields from the stored book merged with the update when a source field changes.
BookSchema.pre(['findOneAndUpdate', 'updateOne'], async function () {
  const update = this.getUpdate() as UpdateQuery<unknown> | null;
  if (!update || Array.isArray(update)) return;
  const values = assigned(update);
  const searchChanged = SEARCH_SOURCES.some((path) => path in values);
  const availabilityChanged = 'isAvailable' in values && !('firstListedAt' in values);
  if (!searchChanged && !availabilityChanged) return;
  const current = await this.model
    .findOne(this.getFilter())
    .select({ title: 1, authorName: 1, tags: 1, isAvailable: 1, firstListedAt: 1 })
    .lean<{
      title?: string;
      authorName?: string;
      tags?: string[];
      isAvailable?: boolean;
      firstListedAt?: Date | null;
    }>();
  const set: Record<string, unknown> = { ...(update.$set ?? {}) };
  if (searchChanged) Object.assign(set, bookSearchFields({ ...(current ?? {}), ...values }));
  // Put on sale, or taken off sale after being on sale: remember it once (see firstListedAt).
  if (
    availabilityChanged &&
    current &&
    !current.firstListedAt &&
    (values.isAvailable === true || current.isAvailable === true)
  ) {
    set.firstListedAt = new Date();
  }
  const next: UpdateQuery<unknown> = { ...update };
  delete next.$set;
  if (Object.keys(set).length) next.$set = set;
  this.setUpdate(next);
});

notifyChanges(BookSchema, 'Book');

export type BookRecord = InferSchemaType<typeof BookSchema>;
export type BookDocument = HydratedDocument<BookRecord>;
export type BookModel = Model<BookRecord>;
export const BOOK_MODEL = 'Book';

/** Fields of a book that public answers show (search fields excluded). */
export const PUBLIC_BOOK_FIELDS = {
  title: 1,
  coverImage: 1,
  author: 1,
  authorName: 1,
  category: 1,
  price: 1,
  description: 1,
  summary: 1,
  rating: 1,
  totalRatings: 1,
  isAvailable: 1,
  firstListedAt: 1,
  tags: 1,
  publishedDate: 1,
  salesCount: 1,
  createdAt: 1,
  /** The print specification the book page shows. */
  size: 1,
  readingFormat: 1,
  paperType: 1,
  printingType: 1,
  pages: 1,
  /** Read only to tell whether an excerpt exists; answers never show storage keys. */
  'files.excerpt': 1,
} as const;
