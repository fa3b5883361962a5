import type { User, UserRole } from '@mechabrim/contracts';
import type { Types } from 'mongoose';

/** The stored fields an answer needs (a lean user document). */
export interface StoredUser {
  _id: Types.ObjectId;
  name: string;
  email: string;
  role: string;
  bio?: string | null;
  avatar?: string | null;
  createdAt?: Date | null;
  isVip?: boolean | null;
  emailVerified?: boolean | null;
}

/** The user as answers show it: never the password hash. */
export function toUserAnswer(user: StoredUser): User {
  const id = user._id.toHexString();
  return {
    _id: id,
    id,
    name: user.name,
    email: user.email,
    role: user.role as UserRole,
    bio: user.bio ?? '',
    avatar: user.avatar ?? '',
    createdAt: (user.createdAt ?? new Date(0)).toISOString(),
    isVip: user.isVip ?? false,
    // Only registration writes false: older and seeded accounts count as verified.
    emailVerified: user.emailVerified !== false,
  };
}
