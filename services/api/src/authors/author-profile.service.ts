import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import {
  authorGenderSchema,
  type AuthorGender,
  type AuthorProfile,
  type AuthorProfileRequest,
} from '@mechabrim/contracts';
import { AUTHOR_PROFILE_MODEL, type AuthorProfileModel } from '@mechabrim/db';

/** A stored profile as a lean query reads it (fields absent on profiles from before them). */
export interface StoredAuthorProfile {
  website?: string | null;
  socialMedia?: Partial<
    Record<'facebook' | 'twitter' | 'instagram' | 'linkedin', string | null>
  > | null;
  genres?: string[] | null;
  languages?: string[] | null;
  experience?: string | null;
  awards?: string[] | null;
  preferences?: Partial<
    Record<'notifications' | 'newsletter' | 'publicProfile', boolean | null>
  > | null;
  gender?: string | null;
}

/** The stored gender when it is one the contract knows, else undefined (not given). */
export function storedGender(
  stored: StoredAuthorProfile | null | undefined,
): AuthorGender | undefined {
  const parsed = authorGenderSchema.safeParse(stored?.gender);
  return parsed.success ? parsed.data : undefined;
}

/** A stored profile in the shape of spec §3 "Author profile", every field filled. */
export function toAuthorProfile(stored: StoredAuthorProfile | null | undefined): AuthorProfile {
  const social = stored?.socialMedia ?? {};
  const preferences = stored?.preferences ?? {};
  const gender = storedGender(stored);
  return {
    website: stored?.website ?? '',
    socialMedia: {
      facebook: social.facebook ?? '',
      twitter: social.twitter ?? '',
      instagram: social.instagram ?? '',
      linkedin: social.linkedin ?? '',
    },
    authorInfo: {
      genres: [...(stored?.genres ?? [])],
      languages: [...(stored?.languages ?? [])],
      experience: stored?.experience ?? '',
      awards: [...(stored?.awards ?? [])],
    },
    preferences: {
      notifications: preferences.notifications ?? true,
      newsletter: preferences.newsletter ?? false,
      publicProfile: preferences.publicProfile ?? true,
    },
    ...(gender && { gender }),
  };
}

/**
 * The author's own profile (spec §3; the editor of spec §2 saves here instead of only in the
 * page). Name, e-mail and bio stay on the account (`PUT /api/auth/profile`).
 */
@Injectable()
export class AuthorProfileService {
  constructor(@InjectModel(AUTHOR_PROFILE_MODEL) private readonly profiles: AuthorProfileModel) {}

  async get(userId: string): Promise<AuthorProfile> {
    const stored = await this.profiles
      .findOne({ user: new Types.ObjectId(userId) })
      .lean<StoredAuthorProfile>();
    return toAuthorProfile(stored);
  }

  /** Saves what the request sends (each part replaces the stored one) and answers the whole. */
  async save(userId: string, request: AuthorProfileRequest): Promise<AuthorProfile> {
    const set: Record<string, unknown> = {};
    if (request.website !== undefined) set.website = request.website;
    for (const [network, url] of Object.entries(request.socialMedia ?? {})) {
      if (url !== undefined) set[`socialMedia.${network}`] = url;
    }
    const info = request.authorInfo ?? {};
    if (info.genres !== undefined) set.genres = info.genres;
    if (info.languages !== undefined) set.languages = info.languages;
    if (info.experience !== undefined) set.experience = info.experience;
    if (info.awards !== undefined) set.awards = info.awards;
    for (const [name, value] of Object.entries(request.preferences ?? {})) {
      if (value !== undefined) set[`preferences.${name}`] = value;
    }
    // '' or null: the author no longer says; the storefront's text turns neutral.
    const unset: Record<string, ''> = {};
    if (request.gender) set.gender = request.gender;
    else if (request.gender !== undefined) unset.gender = '';
    const saved = await this.profiles
      .findOneAndUpdate(
        { user: new Types.ObjectId(userId) },
        {
          $set: set,
          ...(Object.keys(unset).length && { $unset: unset }),
          $setOnInsert: { user: new Types.ObjectId(userId) },
        },
        { upsert: true, returnDocument: 'after', setDefaultsOnInsert: true },
      )
      .lean<StoredAuthorProfile>();
    return toAuthorProfile(saved);
  }
}
