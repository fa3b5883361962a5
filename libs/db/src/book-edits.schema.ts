import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';

/** Where a submitted edit stands (spec §3: it is sent as `pending_approval`). */
export const BOOK_EDIT_STATUSES = [
  'pending_approval',
  'approved',
  'rejected',
  'superseded',
] as const;
export type BookEditStatus = (typeof BOOK_EDIT_STATUSES)[number];

/** The fields an edit may change (spec §3 edit payload: title, price, summary, tags). */
const EditFieldsSchema = new Schema(
  {
    title: { type: String, required: true, trim: true, maxlength: 300 },
    /** Shekels, as the book stores its price. */
    price: { type: Number, required: true, min: 0 },
    summary: { type: String, default: '' },
    tags: { type: [String], default: [] },
  },
  { _id: false },
);

/**
 * An author's edit of a live book, waiting for an admin (issue 12): the live book is unchanged
 * until the edit is approved, which applies `changes` to it. `previous` keeps the book's fields
 * as they were when the edit was submitted, so the admin sees old and new side by side. A book has
 * at most one pending edit: a new submission supersedes the one before.
 */
export const BookEditSchema = new Schema(
  {
    book: { type: Schema.Types.ObjectId, ref: 'Book', required: true },
    /** The book's author, who submitted the edit. */
    author: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    status: { type: String, enum: BOOK_EDIT_STATUSES, default: 'pending_approval', required: true },
    changes: { type: EditFieldsSchema, required: true },
    previous: { type: EditFieldsSchema, required: true },
    submittedAt: { type: Date, required: true },
    decidedAt: { type: Date, default: null },
    /** The admin's reason for a rejection, shown to the author. */
    reason: { type: String, default: '', maxlength: 1000 },
  },
  { timestamps: true, collection: 'book_edits' },
);
BookEditSchema.index({ status: 1, submittedAt: 1 });
BookEditSchema.index({ book: 1, submittedAt: -1 });

export type BookEditRecord = InferSchemaType<typeof BookEditSchema>;
export type BookEditDocument = HydratedDocument<BookEditRecord>;
export type BookEditModel = Model<BookEditRecord>;
export const BOOK_EDIT_MODEL = 'BookEdit';
