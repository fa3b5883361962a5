import {
  authorProfileRequestSchema,
  updateProfileRequestSchema,
  type AuthorProfile,
  type AuthorProfileAnswer,
  type AuthorProfileRequest,
} from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';
import type { z } from 'zod';

export const authorProfileKey = ['author-portal', 'profile'] as const;

/** `GET /api/authors/me/profile`: the signed-in author's profile as saved. */
export function getAuthorProfile(signal?: AbortSignal): Promise<AuthorProfile> {
  return apiFetch<AuthorProfile>('/api/authors/me/profile', { signal });
}

/** `PUT /api/authors/me/profile`: saves it on the server (the public author page shows it). */
export function saveAuthorProfile(profile: AuthorProfileRequest): Promise<AuthorProfileAnswer> {
  return apiFetch<AuthorProfileAnswer>('/api/authors/me/profile', { method: 'PUT', body: profile });
}

export function useAuthorProfile() {
  return useQuery({
    queryKey: authorProfileKey,
    queryFn: ({ signal }) => getAuthorProfile(signal),
    staleTime: 0,
  });
}

/**
 * The editor's form: the account's name and biography (`PUT /api/auth/profile`) beside the
 * author profile, each checked by the server's own schema.
 */
export const profileFormSchema = authorProfileRequestSchema.extend({
  name: updateProfileRequestSchema.shape.name,
  bio: updateProfileRequestSchema.shape.bio,
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;
