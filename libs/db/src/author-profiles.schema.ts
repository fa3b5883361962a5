import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { notifyChanges } from './change-notifier';

/**
 * What an author tells about themselves beyond the user record. Name, bio and avatar live on the
 * user; booksCount, averageRating, totalSales and joinDate are computed from books and the user,
 * never stored here.
 */
export const AuthorProfileSchema = new Schema(
  {
    /** The author's user id (one profile per author). */
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    genres: { type: [String], default: [] },
    languages: { type: [String], default: [] },
    website: { type: String, default: '' },
    socialMedia: {
      facebook: { type: String, default: '' },
      twitter: { type: String, default: '' },
      instagram: { type: String, default: '' },
      linkedin: { type: String, default: '' },
    },
    experience: { type: String, default: '' },
    awards: { type: [String], default: [] },
    /**
     * The author's grammatical gender ('female' | 'male'), chosen in the profile editor, so the
     * storefront says 'הצטרפה' or 'הצטרף'. Absent: not given, the storefront's text is neutral.
     */
    gender: { type: String, enum: ['female', 'male'], required: false },
    /** The profile editor's three preferences (spec §3). `publicProfile: false` hides the links. */
    preferences: {
      notifications: { type: Boolean, default: true },
      newsletter: { type: Boolean, default: false },
      publicProfile: { type: Boolean, default: true },
    },
  },
  { timestamps: true, collection: 'author_profiles' },
);
AuthorProfileSchema.index({ user: 1 }, { unique: true });
AuthorProfileSchema.index({ genres: 1 });

notifyChanges(AuthorProfileSchema, 'AuthorProfile');

export type AuthorProfileRecord = InferSchemaType<typeof AuthorProfileSchema>;
export type AuthorProfileDocument = HydratedDocument<AuthorProfileRecord>;
export type AuthorProfileModel = Model<AuthorProfileRecord>;
export const AUTHOR_PROFILE_MODEL = 'AuthorProfile';
