import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';

/** What a mailed account link does (issue 24). */
export const ACCOUNT_TOKEN_PURPOSES = [
  'password-reset',
  'email-change',
  'email-verify',
  'follow-unsubscribe',
] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * The links that can take an account over (a new password, a new sign-in address): voided
 * whenever its owner takes it back, by a password reset or change or by signing out everywhere,
 * so a link someone else asked for while they had the password stops working.
 */
export const ACCOUNT_CONTROL_PURPOSES: readonly AccountTokenPurpose[] = [
  'password-reset',
  'email-change',
];

/**
 * A single-use link mailed to an account's owner. Only the SHA-256 hash of its token is stored,
 * so someone who reads the database cannot use a link. Redeeming sets `usedAt` atomically (a
 * second use, even a concurrent one, finds it set); MongoDB's TTL monitor removes the row a day
 * after it expired, and until then `expiresAt` is checked on every use.
 */
export const AccountTokenSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    purpose: { type: String, enum: ACCOUNT_TOKEN_PURPOSES, required: true },
    /** Hex SHA-256 of the mailed token. */
    tokenHash: { type: String, required: true, match: /^[a-f\d]{64}$/ },
    createdAt: { type: Date, required: true, default: () => new Date() },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    /** An e-mail change's new address, or the address a verification link was mailed to: the account moves to it when the link is followed. */
    newEmail: { type: String, default: null, lowercase: true, trim: true, maxlength: 254 },
  },
  { collection: 'account_tokens', versionKey: false },
);
AccountTokenSchema.index({ tokenHash: 1 }, { unique: true });
AccountTokenSchema.index({ user: 1, purpose: 1 });
AccountTokenSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 24 * 3600 });

export type AccountTokenRecord = InferSchemaType<typeof AccountTokenSchema>;
export type AccountTokenDocument = HydratedDocument<AccountTokenRecord>;
export type AccountTokenModel = Model<AccountTokenRecord>;
export const ACCOUNT_TOKEN_MODEL = 'AccountToken';
