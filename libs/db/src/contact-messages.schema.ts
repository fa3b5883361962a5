import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';
import { CONTACT_SUBJECTS } from '@mechabrim/contracts';

/** A message sent through the contact form (spec §3). */
export const ContactMessageSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 80 },
    email: { type: String, required: true, trim: true, lowercase: true, maxlength: 254 },
    subject: { type: String, enum: CONTACT_SUBJECTS, required: true },
    message: { type: String, required: true, maxlength: 5000 },
    /** The signed-in sender, when there was one. */
    user: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    ip: { type: String, default: '' },
    status: { type: String, enum: ['new', 'handled'], default: 'new' },
  },
  { timestamps: true, collection: 'contact_messages' },
);
ContactMessageSchema.index({ status: 1, createdAt: -1 });

export type ContactMessageRecord = InferSchemaType<typeof ContactMessageSchema>;
export type ContactMessageDocument = HydratedDocument<ContactMessageRecord>;
export type ContactMessageModel = Model<ContactMessageRecord>;
export const CONTACT_MESSAGE_MODEL = 'ContactMessage';
