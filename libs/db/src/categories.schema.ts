import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { notifyChanges } from './change-notifier';

/**
 * A browseable category. `slug` is the value books store and routes carry (the Hebrew upload
 * category of spec §9); counts are computed from the available books, never stored.
 */
export const CategorySchema = new Schema(
  {
    slug: { type: String, required: true, trim: true },
    /** English alias accepted by `?category=` (`fantasy`). */
    key: { type: String, required: true, trim: true },
    name: { type: String, required: true, trim: true },
    order: { type: Number, default: 0 },
  },
  { timestamps: true, collection: 'categories' },
);
CategorySchema.index({ slug: 1 }, { unique: true });
CategorySchema.index({ key: 1 }, { unique: true });
// The category list the API caches shows names and order from here.
notifyChanges(CategorySchema, 'Category');

export type CategoryRecord = InferSchemaType<typeof CategorySchema>;
export type CategoryDocument = HydratedDocument<CategoryRecord>;
export type CategoryModel = Model<CategoryRecord>;
export const CATEGORY_MODEL = 'Category';
