import { z } from 'zod';
import { objectIdSchema } from './fields';
import { israeliBank, isValidIsraeliBankAccount, isValidIsraeliId } from './israeli-bank-account';

export * from './israeli-bank-account';

/*
 * How an author is paid (issue 23, spec §9 payouts): the bank account the monthly payout is sent
 * to, the author's identity or business number and tax status. The author enters them in the
 * portal's profile (`GET/PUT /api/authors/me/payout-details`); the server stores them encrypted
 * and answers them masked. A change holds the next payout until an admin releases it
 * (`/api/admin/payout-holds`).
 */

/**
 * The author's tax status: an exempt dealer (עוסק פטור) and a licensed dealer (עוסק מורשה) issue
 * their own documents; a private person (not a dealer) is paid with income tax withheld at source,
 * at the rate the API is configured with (`PAYOUT_WITHHOLDING_PERCENT`).
 */
export const TAX_STATUSES = ['exempt-dealer', 'licensed-dealer', 'private'] as const;
export type TaxStatus = (typeof TAX_STATUSES)[number];

/** The tax statuses' Hebrew names (the portal's choices, the admin's list). */
export const TAX_STATUS_HE: Record<TaxStatus, string> = {
  'exempt-dealer': 'עוסק פטור',
  'licensed-dealer': 'עוסק מורשה',
  private: 'אדם פרטי (ניכוי מס במקור)',
};

/** Hebrew messages of the payout-details schema, shared by the portal's form and the server. */
export const PAYOUT_VALIDATION_HE = {
  holderRequired: 'יש להזין את שם בעל החשבון',
  holderTooShort: 'שם בעל החשבון חייב להכיל לפחות 2 תווים',
  holderTooLong: 'שם בעל החשבון ארוך מדי (עד 100 תווים)',
  holderInvalid: 'שם בעל החשבון יכול להכיל אותיות בעברית או באנגלית, רווחים, מקף, גרש ונקודה',
  bankRequired: 'יש לבחור בנק',
  bankUnknown: 'הבנק שנבחר אינו נתמך. יש לבחור בנק מהרשימה',
  branchRequired: 'יש להזין מספר סניף',
  branchInvalid: 'מספר הסניף צריך להכיל 1–3 ספרות',
  accountRequired: 'יש להזין מספר חשבון',
  accountFormat: 'מספר החשבון צריך להכיל עד 9 ספרות',
  accountInvalid:
    'מספר החשבון אינו תקין לבנק ולסניף שנבחרו. כדאי לבדוק אותו מול הצ׳ק או אפליקציית הבנק',
  taxIdRequired: 'יש להזין מספר תעודת זהות או מספר עוסק',
  taxIdFormat: 'מספר הזהות או העוסק צריך להכיל 5–9 ספרות',
  taxIdInvalid: 'מספר הזהות או העוסק אינו תקין (ספרת הביקורת אינה מתאימה)',
  taxStatusRequired: 'יש לבחור מעמד מס: עוסק פטור, עוסק מורשה או אדם פרטי',
} as const;

const M = PAYOUT_VALIDATION_HE;

/** Digits typed with spaces or dashes (as a cheque prints them): those are dropped. */
const digitText = (required: string) =>
  z
    .string({ error: required })
    .transform((value) => value.replace(/[\s\-–/]/g, ''))
    .pipe(z.string().min(1, required));

/** Letters (Hebrew or Latin), spaces and the punctuation of names. */
const HOLDER_NAME = /^[\p{Script=Hebrew}A-Za-z][\p{Script=Hebrew}A-Za-z .'"׳״-]*$/u;

/**
 * The bank account fields of a payee (an author's payout details; a community project's transfer
 * details): holder, bank, branch, account and identity or business number.
 */
export const bankPayeeFields = {
  accountHolder: z
    .string({ error: M.holderRequired })
    .trim()
    .min(1, { error: M.holderRequired, abort: true })
    .min(2, { error: M.holderTooShort, abort: true })
    .max(100, { error: M.holderTooLong, abort: true })
    .regex(HOLDER_NAME, M.holderInvalid),
  bankCode: digitText(M.bankRequired)
    .pipe(z.string().refine((code) => israeliBank(code) !== undefined, M.bankUnknown))
    .transform((code) => code.padStart(2, '0')),
  branch: digitText(M.branchRequired)
    .pipe(z.string().regex(/^\d{1,3}$/, M.branchInvalid))
    .transform((branch) => branch.padStart(3, '0')),
  account: digitText(M.accountRequired).pipe(z.string().regex(/^\d{1,9}$/, M.accountFormat)),
  taxId: digitText(M.taxIdRequired)
    .pipe(z.string().regex(/^\d{5,9}$/, { error: M.taxIdFormat, abort: true }))
    .pipe(z.string().refine(isValidIsraeliId, M.taxIdInvalid))
    .transform((id) => id.padStart(9, '0')),
};

/** The bank's check-digit rule on a payee's account (the fields each well formed first). */
export function checkBankAccount(
  details: { bankCode: string; branch: string; account: string },
  ctx: z.RefinementCtx,
): void {
  // Only when the three parts are each well formed: else their own messages say what is wrong.
  const { bankCode, branch, account } = details;
  if (!israeliBank(bankCode) || !/^\d{3}$/.test(branch) || !/^\d{1,9}$/.test(account)) return;
  if (!isValidIsraeliBankAccount(bankCode, branch, account)) {
    ctx.addIssue({ code: 'custom', path: ['account'], message: M.accountInvalid });
  }
}

/** Body of `PUT /api/authors/me/payout-details`, and the portal's form. */
export const payoutDetailsRequestSchema = z
  .strictObject({
    ...bankPayeeFields,
    taxStatus: z.enum(TAX_STATUSES, { error: M.taxStatusRequired }),
  })
  .superRefine(checkBankAccount);
export type PayoutDetailsInput = z.input<typeof payoutDetailsRequestSchema>;
export type PayoutDetailsRequest = z.output<typeof payoutDetailsRequestSchema>;

/** Why the next payout waits for an admin. */
export const PAYOUT_HOLD_REASONS = ['details-changed'] as const;
export type PayoutHoldReason = (typeof PAYOUT_HOLD_REASONS)[number];

export const payoutHoldSchema = z.object({
  reason: z.enum(PAYOUT_HOLD_REASONS),
  /** ISO time of the change that set it. */
  since: z.string(),
});
export type PayoutHold = z.infer<typeof payoutHoldSchema>;

/** Payout details as the author sees them again: the numbers masked (`••••1234`). */
export const payoutDetailsSchema = z.object({
  accountHolder: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  branch: z.string(),
  accountMasked: z.string(),
  taxIdMasked: z.string(),
  taxStatus: z.enum(TAX_STATUSES),
  /** For a private person: the percent of income tax withheld at source; else null. */
  withholdingPercent: z.number().nullable(),
  updatedAt: z.string(),
  /** Set while the next payout waits for an admin's review of a change. */
  hold: payoutHoldSchema.nullable(),
});
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;

/** Answer of `GET /api/authors/me/payout-details`: null until the author enters them. */
export const payoutDetailsAnswerSchema = z.object({ details: payoutDetailsSchema.nullable() });
export type PayoutDetailsAnswer = z.infer<typeof payoutDetailsAnswerSchema>;

/** Answer of `PUT /api/authors/me/payout-details`. */
export const payoutDetailsSavedSchema = z.object({
  message: z.string(),
  details: payoutDetailsSchema,
});
export type PayoutDetailsSaved = z.infer<typeof payoutDetailsSavedSchema>;

/** One author whose next payout waits (`GET /api/admin/payout-holds`), oldest first. */
export const payoutHoldEntrySchema = z.object({
  authorId: z.string(),
  authorName: z.string(),
  email: z.string(),
  reason: z.enum(PAYOUT_HOLD_REASONS),
  since: z.string(),
});
export type PayoutHoldEntry = z.infer<typeof payoutHoldEntrySchema>;

/** Route parameter of `POST /api/admin/payout-holds/:authorId/release`. */
export const payoutHoldAuthorIdSchema = objectIdSchema;

/**
 * `PUT /api/admin/institutions/:userId`: an admin marks an account as an education or library
 * institution (or no longer one); its purchases earn their authors the institutions' bonus.
 */
export const institutionMarkSchema = z.strictObject({ institution: z.boolean() });
export type InstitutionMark = z.infer<typeof institutionMarkSchema>;

/** A number shown masked: `••••` and its last `visible` digits. */
export function maskDigits(value: string, visible: number): string {
  return `••••${value.slice(-visible)}`;
}
