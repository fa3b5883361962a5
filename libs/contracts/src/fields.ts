import { z } from 'zod';
import { VALIDATION_HE } from './validation-messages.he';

/** A MongoDB ObjectId as 24 hexadecimal characters. */
export const objectIdSchema = z
  .string({ error: VALIDATION_HE.idInvalid })
  .regex(/^[a-f\d]{24}$/i, VALIDATION_HE.idInvalid);

/** An e-mail address: trimmed and lower-cased, so it is unique however it is typed. */
export const emailSchema = z
  .string({ error: VALIDATION_HE.emailRequired })
  .trim()
  .min(1, VALIDATION_HE.emailRequired)
  .max(254, VALIDATION_HE.emailInvalid)
  .pipe(z.email({ error: VALIDATION_HE.emailInvalid }))
  .transform((value) => value.toLowerCase());

/** A positive integer read from a query string (`?limit=10`). */
export const queryInt = (opts: { min: number; max: number; fallback: number; message: string }) =>
  z
    .string({ error: opts.message })
    .regex(/^\d{1,6}$/, opts.message)
    .transform(Number)
    .pipe(z.number().int().min(opts.min, opts.message).max(opts.max, opts.message))
    .optional()
    .transform((value) => value ?? opts.fallback);

/** A plain acknowledgement with a Hebrew message for the user. */
export const okAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });
export type OkAnswer = z.infer<typeof okAnswerSchema>;

/** A refund's own reference (`rf_` and 22 base64url characters): the provider's duplicate guard. */
export const refundRefSchema = z
  .string()
  .regex(/^rf_[A-Za-z0-9_-]{22}$/, VALIDATION_HE.refundRefInvalid);
