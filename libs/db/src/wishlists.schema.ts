import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';

/** One book on one user's wishlist; the pair is unique, so adding twice is harmless. */
export const WishlistItemSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    book: { type: Schema.Types.ObjectId, ref: 'Book', required: true },
  },
  { timestamps: true, collection: 'wishlists' },
);
WishlistItemSchema.index({ user: 1, book: 1 }, { unique: true });
WishlistItemSchema.index({ user: 1, createdAt: -1 });

export type WishlistItemRecord = InferSchemaType<typeof WishlistItemSchema>;
export type WishlistItemDocument = HydratedDocument<WishlistItemRecord>;
export type WishlistItemModel = Model<WishlistItemRecord>;
export const WISHLIST_ITEM_MODEL = 'WishlistItem';
