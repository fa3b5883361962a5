import { z } from 'zod';
import { emailSchema, objectIdSchema } from './fields';
import { VALIDATION_HE } from './validation-messages.he';

/**
 * The customer-service line the payment result pages print beside the link to /contact (spec §2).
 * One place, so the pages and the e-mails say the same number.
 */
export const SUPPORT_PHONE = '03-9407010';

/** Subjects of a contact message (spec §3). */
export const CONTACT_SUBJECTS = [
  'general',
  'support',
  'authors',
  'publishing',
  'partnership',
  'feedback',
  /** Donations to the community fund (the community-donation page's buttons). */
  'donation',
  'other',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, tooLong);

/** Body of `POST /api/contacts/submit`: all four fields required (spec §5). */
export const contactRequestSchema = z.strictObject({
  name: requiredText(VALIDATION_HE.nameRequired, 80, VALIDATION_HE.nameTooLong),
  email: emailSchema,
  subject: z.enum(CONTACT_SUBJECTS, { error: VALIDATION_HE.subjectInvalid }),
  message: requiredText(VALIDATION_HE.messageRequired, 5000, VALIDATION_HE.messageTooLong),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** Body of `POST /api/users/wishlist`. */
export const wishlistAddRequestSchema = z.strictObject({
  bookId: z.string({ error: VALIDATION_HE.bookIdRequired }).pipe(objectIdSchema),
});
export type WishlistAddRequest = z.input<typeof wishlistAddRequestSchema>;

/** Answer of the wishlist check, add and remove calls. */
export const wishlistStateSchema = z.object({ bookId: z.string(), isInWishlist: z.boolean() });
export type WishlistState = z.infer<typeof wishlistStateSchema>;
