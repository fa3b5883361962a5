import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { notifyChanges } from './change-notifier';
import { USER_ROLES } from '@mechabrim/contracts';

/** An account: reader, author or admin (spec §3, §6). */
export const UserSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 80 },
    /** Lower-cased and trimmed before it gets here; unique. */
    email: { type: String, required: true, trim: true, lowercase: true, maxlength: 254 },
    /** argon2id hash; never selected unless asked for. */
    passwordHash: { type: String, required: true, select: false },
    role: { type: String, enum: USER_ROLES, default: 'user', required: true },
    bio: { type: String, default: '', maxlength: 2000 },
    avatar: { type: String, default: '' },
    /**
     * A VIP club member ships free with every domestic method (spec §9). Set by the operator in
     * the database; read by the server whenever it prices an order, never taken from the client.
     */
    isVip: { type: Boolean, default: false },
    /**
     * Whether the owner followed the link mailed at registration (issue 24). Registration writes
     * false; accounts from before verification existed (and the demo data's) have no value and
     * count as verified, so a query for unverified accounts asks for `false`.
     */
    emailVerified: { type: Boolean, default: undefined },
    /** False once the reader unsubscribed from the new-books mail of followed authors. */
    followMails: { type: Boolean, default: undefined },
    /**
     * An education or library institution (spec §9): an admin marks it so; the authors of the
     * books it buys earn the institutions' bonus on those sales.
     */
    isInstitution: { type: Boolean, default: false },
    /** When the owner deleted the account: its personal data was removed then (issue 24). */
    deletedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'users' },
);
UserSchema.index({ email: 1 }, { unique: true });
UserSchema.index({ role: 1, createdAt: -1 });
UserSchema.index({ isInstitution: 1 }, { partialFilterExpression: { isInstitution: true } });

notifyChanges(UserSchema, 'User');

export type UserRecord = InferSchemaType<typeof UserSchema>;
export type UserDocument = HydratedDocument<UserRecord>;
export type UserModel = Model<UserRecord>;
export const USER_MODEL = 'User';
