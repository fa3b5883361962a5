import { z } from 'zod';
import { authorGenderSchema } from '../catalogue';
import { AUTHOR_GENDERS } from '../terms';
import { commaList, PORTAL_VALIDATION_HE as M } from './portal-fields';

/** A link of the profile: an http(s) address, or empty to remove it. */
const profileUrl = z
  .string({ error: M.urlInvalid })
  .trim()
  .max(300, M.urlInvalid)
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !!url.hostname;
    } catch {
      return false;
    }
  }, M.urlInvalid);

/**
 * Body of `PUT /api/authors/me/profile` (spec §3 "Author profile"): every part optional, what is
 * sent replaces what was stored. Genres and languages may be comma-separated text; `gender` is
 * the grammatical gender the storefront speaks of the author in.
 */
export const authorProfileRequestSchema = z.strictObject({
  website: profileUrl.optional(),
  socialMedia: z
    .strictObject({
      facebook: profileUrl.optional(),
      twitter: profileUrl.optional(),
      instagram: profileUrl.optional(),
      linkedin: profileUrl.optional(),
    })
    .optional(),
  authorInfo: z
    .strictObject({
      genres: commaList(20, 60, M.listInvalid).optional(),
      languages: commaList(20, 60, M.listInvalid).optional(),
      experience: z.string().trim().max(2000, M.experienceTooLong).optional(),
      awards: commaList(20, 60, M.listInvalid).optional(),
    })
    .optional(),
  preferences: z
    .strictObject({
      notifications: z.boolean().optional(),
      newsletter: z.boolean().optional(),
      publicProfile: z.boolean().optional(),
    })
    .optional(),
  /** How the storefront speaks of the author; `''` or `null` clears it (neutral text). */
  gender: z
    .enum([...AUTHOR_GENDERS, ''], { error: M.genderInvalid })
    .nullable()
    .optional(),
});
export type AuthorProfileRequest = z.output<typeof authorProfileRequestSchema>;

/** The author's whole profile, as saved (answer of `GET`/`PUT /api/authors/me/profile`). */
export const authorProfileSchema = z.object({
  website: z.string(),
  socialMedia: z.object({
    facebook: z.string(),
    twitter: z.string(),
    instagram: z.string(),
    linkedin: z.string(),
  }),
  authorInfo: z.object({
    genres: z.array(z.string()),
    languages: z.array(z.string()),
    experience: z.string(),
    awards: z.array(z.string()),
  }),
  preferences: z.object({
    notifications: z.boolean(),
    newsletter: z.boolean(),
    publicProfile: z.boolean(),
  }),
  /** Absent when the author has not chosen one. */
  gender: authorGenderSchema.optional(),
});
export type AuthorProfile = z.infer<typeof authorProfileSchema>;

/** Answer of `PUT /api/authors/me/profile`: the profile as saved and a message. */
export const authorProfileAnswerSchema = authorProfileSchema.extend({ message: z.string() });
export type AuthorProfileAnswer = z.infer<typeof authorProfileAnswerSchema>;
