import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';

/**
 * One sign-in (architecture decision 15): every login or registration starts one, its id travels
 * in the token (`sid`), and the API admits a token only while its session is here. Signing out
 * removes this one; "sign out everywhere", a password change or an e-mail change remove the
 * user's others. MongoDB's TTL monitor removes a session once its token has expired.
 */
export const SessionSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    createdAt: { type: Date, required: true, default: () => new Date() },
    /** When a request last used it, to the hour: refreshed at most once an hour per session. */
    lastSeenAt: { type: Date, required: true, default: () => new Date() },
    /** The token's own expiry; the TTL index removes the session then. */
    expiresAt: { type: Date, required: true },
    /** A short description of the device ('Chrome · Windows'), for the user's list of sessions. */
    userAgent: { type: String, default: '', maxlength: 80 },
    /**
     * A pending hand-over of this sign-in to the site's other origin (the store, the authors'
     * portal): the SHA-256 of a single-use code, the origin it was offered for, and when it
     * lapses (a minute). Redeeming it removes it and signs a token for this same session, so
     * signing out on either origin ends the session for both.
     */
    handover: {
      type: new Schema(
        {
          codeHash: { type: String, required: true },
          origin: { type: String, required: true },
          expiresAt: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: undefined,
    },
  },
  { collection: 'sessions' },
);
SessionSchema.index({ user: 1, createdAt: -1 });
SessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
SessionSchema.index({ 'handover.codeHash': 1 }, { sparse: true });

export type SessionRecord = InferSchemaType<typeof SessionSchema>;
export type SessionDocument = HydratedDocument<SessionRecord>;
export type SessionModel = Model<SessionRecord>;
export const SESSION_MODEL = 'Session';
