import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';

/**
 * A reader follows an author (issue 24): the pair is unique, so following twice is harmless. The
 * daily new-books mail reads the followers of the authors whose books went on sale that day.
 */
export const AuthorFollowSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** The author's user id. */
    author: { type: Schema.Types.ObjectId, ref: 'User', required: true },
  },
  { timestamps: true, collection: 'author_follows' },
);
AuthorFollowSchema.index({ user: 1, author: 1 }, { unique: true });
AuthorFollowSchema.index({ user: 1, createdAt: -1 });
AuthorFollowSchema.index({ author: 1, user: 1 });

export type AuthorFollowRecord = InferSchemaType<typeof AuthorFollowSchema>;
export type AuthorFollowDocument = HydratedDocument<AuthorFollowRecord>;
export type AuthorFollowModel = Model<AuthorFollowRecord>;
export const AUTHOR_FOLLOW_MODEL = 'AuthorFollow';
