import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { notifyChanges } from './change-notifier';

/** A reader's review of a book; shown publicly only once approved (spec §3). */
export const ReviewSchema = new Schema(
  {
    book: { type: Schema.Types.ObjectId, ref: 'Book', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    /** The reviewer's display name at the time of writing. */
    authorName: { type: String, default: '', trim: true, maxlength: 80 },
    /** The review's title (issue 24); empty on the seeded reviews, which have none. */
    title: { type: String, default: '', trim: true, maxlength: 120 },
    content: { type: String, required: true, trim: true, maxlength: 5000 },
    /** 1 to 5 in half stars (spec §9's scale). */
    rating: { type: Number, required: true, min: 1, max: 5 },
    /** Written by a reader whose order of the book was delivered. */
    verifiedPurchase: { type: Boolean, default: false },
    /** Readers who marked it helpful (each once); `helpfulCount` is their number. */
    helpfulBy: { type: [Schema.Types.ObjectId], default: [] },
    helpfulCount: { type: Number, default: 0, min: 0 },
    /** Readers who reported it (each once); a report sends it back to moderation. */
    reportedBy: { type: [Schema.Types.ObjectId], default: [] },
    reportCount: { type: Number, default: 0, min: 0 },
    lastReportReason: { type: String, default: '', maxlength: 500 },
    isApproved: { type: Boolean, default: false },
    /** Set when an admin rejects the review (it is then never shown), with the reason. */
    rejectedAt: { type: Date, default: null },
    rejectionReason: { type: String, default: '', maxlength: 1000 },
    /**
     * When its writer was mailed that this text is published; cleared when they change the text or
     * an admin rejects it, so approving it again after a report sends no second mail.
     */
    approvalMailedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'reviews' },
);
ReviewSchema.index({ book: 1, isApproved: 1, createdAt: -1 });
ReviewSchema.index({ isApproved: 1, rejectedAt: 1, createdAt: 1 });
/** One review per reader and book (the seeded reviews without a reader are not counted). */
ReviewSchema.index(
  { book: 1, user: 1 },
  { unique: true, partialFilterExpression: { user: { $type: 'objectId' } } },
);

notifyChanges(ReviewSchema, 'Review');

export type ReviewRecord = InferSchemaType<typeof ReviewSchema>;
export type ReviewDocument = HydratedDocument<ReviewRecord>;
export type ReviewModel = Model<ReviewRecord>;
export const REVIEW_MODEL = 'Review';
