import {
  isWholeAgorot,
  toShekels,
  DONATION_MAX_AGOROT,
  DONATION_MIN_AGOROT,
} from '@mechabrim/money';
import { z } from 'zod';
import { emailSchema, objectIdSchema } from './fields';
import { idempotencyKeySchema } from './payments';
import { bankPayeeFields, checkBankAccount } from './payouts';

/*
 * The community fund in the open (issue 23 item 7): its projects, managed by admins
 * (`/api/admin/community-projects`), the fund as anyone can follow it (`GET /api/community/fund`),
 * and a direct donation ('donate now'). Money in answers and bodies is in shekels.
 */

/** A project's status on the community page: active, or being set up. */
export const COMMUNITY_PROJECT_STATUSES = ['active', 'setting-up'] as const;
export type CommunityProjectStatus = (typeof COMMUNITY_PROJECT_STATUSES)[number];

export const COMMUNITY_PROJECT_STATUS_HE: Record<CommunityProjectStatus, string> = {
  active: 'פעיל',
  'setting-up': 'בהקמה',
};

/** Hebrew messages of the community fund's schemas. */
export const COMMUNITY_FUND_HE = {
  nameRequired: 'יש להזין את שם הפרויקט',
  nameTooShort: 'שם הפרויקט חייב להכיל לפחות 2 תווים',
  nameTooLong: 'שם הפרויקט ארוך מדי (עד 120 תווים)',
  descriptionTooLong: 'התיאור ארוך מדי (עד 2,000 תווים)',
  targetRequired: 'יש להזין את יעד הגיוס בשקלים',
  targetInvalid: 'יעד הגיוס צריך להיות סכום חיובי בשקלים, עד שתי ספרות אחרי הנקודה',
  targetTooHigh: 'יעד הגיוס גבוה מדי (עד 10,000,000 ₪)',
  statusRequired: 'יש לבחור סטטוס: פעיל או בהקמה',
  bankRequiredWhenActive: 'פרויקט פעיל מקבל כסף מהקרן, ולכן יש להזין את פרטי החשבון להעברה',
  donationRequired: 'יש להזין את סכום התרומה בשקלים',
  donationInvalid: 'סכום התרומה צריך להיות מספר בשקלים, עד שתי ספרות אחרי הנקודה',
  donationTooLow: `סכום התרומה המינימלי הוא ${toShekels(DONATION_MIN_AGOROT)} ₪`,
  donationTooHigh: `סכום התרומה המרבי באתר הוא ${toShekels(DONATION_MAX_AGOROT).toLocaleString('en-US')} ₪. לתרומה גדולה יותר נשמח שתפנו אלינו`,
  donorNameTooLong: 'השם ארוך מדי (עד 80 תווים)',
  donationNotFound: 'התרומה לא נמצאה',
} as const;

const M = COMMUNITY_FUND_HE;
const MAX_TARGET_SHEKELS = 10_000_000;

/** A project's transfer details: the bank fields of an author's payout details, no tax status. */
export const communityProjectBankSchema = z
  .strictObject(bankPayeeFields)
  .superRefine(checkBankAccount);
export type CommunityProjectBankInput = z.input<typeof communityProjectBankSchema>;
export type CommunityProjectBank = z.output<typeof communityProjectBankSchema>;

/**
 * Body of `POST /api/admin/community-projects` and `PUT /api/admin/community-projects/:id`. On a
 * `PUT`, a `bank` left out keeps the stored details and `null` removes them. An active project must
 * have transfer details (the service checks a `PUT` against the stored ones).
 */
export const communityProjectRequestSchema = z.strictObject({
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, { error: M.nameRequired, abort: true })
    .min(2, { error: M.nameTooShort, abort: true })
    .max(120, M.nameTooLong),
  description: z.string().trim().max(2000, M.descriptionTooLong).default(''),
  target: z
    .number({ error: M.targetRequired })
    .finite(M.targetInvalid)
    .positive(M.targetInvalid)
    .max(MAX_TARGET_SHEKELS, M.targetTooHigh)
    .refine(isWholeAgorot, M.targetInvalid),
  status: z.enum(COMMUNITY_PROJECT_STATUSES, { error: M.statusRequired }),
  bank: communityProjectBankSchema.nullable().optional(),
});
export type CommunityProjectInput = z.input<typeof communityProjectRequestSchema>;
export type CommunityProjectRequest = z.output<typeof communityProjectRequestSchema>;

export const communityProjectIdSchema = objectIdSchema;

/** A project as the admins' screen shows it (the account masked). */
export const communityProjectAdminSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  target: z.number(),
  status: z.enum(COMMUNITY_PROJECT_STATUSES),
  /** What the project has received from the fund, shekels. */
  received: z.number(),
  bank: z
    .object({
      accountHolder: z.string(),
      bankCode: z.string(),
      bankName: z.string(),
      branch: z.string(),
      accountMasked: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CommunityProjectAdmin = z.infer<typeof communityProjectAdminSchema>;

/** A project as the community page shows it. */
export const communityProjectPublicSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  target: z.number(),
  received: z.number(),
  status: z.enum(COMMUNITY_PROJECT_STATUSES),
});
export type CommunityProjectPublic = z.infer<typeof communityProjectPublicSchema>;

/** One month of the fund (Israel's calendar): what came in, and what was handed to projects. */
export const communityFundMonthSchema = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  /** The community's share of sales (less refunds and returns) and direct donations, shekels. */
  received: z.number(),
  /** Of which direct donations, shekels. */
  donations: z.number(),
  /** Allocated to projects in the month (less transfers the bank returned), shekels. */
  allocated: z.number(),
});
export type CommunityFundMonth = z.infer<typeof communityFundMonthSchema>;

/** Answer of `GET /api/community/fund`. */
export const communityFundSchema = z.object({
  /** Everything the fund has received, shekels. */
  total: z.number(),
  /** Everything handed to projects, shekels. */
  allocated: z.number(),
  /** What the fund holds now, waiting for the next run. */
  balance: z.number(),
  /** Month by month, the latest first (at most 24). */
  months: z.array(communityFundMonthSchema),
  projects: z.array(communityProjectPublicSchema),
});
export type CommunityFund = z.infer<typeof communityFundSchema>;

/**
 * Body of `POST /api/community/donations`: the sum in shekels, the e-mail address the thank-you
 * and receipt go to, and optionally the donor's name. Guests may donate: no sign-in is needed.
 * `idempotency_key` (or the `Idempotency-Key` header), one per press of 'donate now', makes a
 * retried or double-clicked request the same donation.
 */
export const communityDonationRequestSchema = z.strictObject({
  amount: z
    .number({ error: M.donationRequired })
    .finite(M.donationInvalid)
    .refine(isWholeAgorot, { error: M.donationInvalid, abort: true })
    .min(toShekels(DONATION_MIN_AGOROT), M.donationTooLow)
    .max(toShekels(DONATION_MAX_AGOROT), M.donationTooHigh),
  email: emailSchema,
  name: z
    .string()
    .trim()
    .max(80, M.donorNameTooLong)
    .optional()
    .transform((value) => (value ? value : null)),
  idempotency_key: idempotencyKeySchema.optional(),
});
export type CommunityDonationInput = z.input<typeof communityDonationRequestSchema>;
export type CommunityDonationRequest = z.output<typeof communityDonationRequestSchema>;

/** The sums the 'donate now' form offers before a free sum, shekels. */
export const DONATION_PRESET_SHEKELS = [50, 100, 180, 360] as const;

/**
 * Answer of `POST /api/community/donations`: the hosted payment page to post `form_data` to, and
 * the donation's payment reference, by which its result page asks how it stands.
 */
export const communityDonationCreatedSchema = z.object({
  donation_ref: z.string(),
  amount: z.number(),
  payment_url: z.string(),
  form_data: z.record(z.string(), z.string()),
});
export type CommunityDonationCreated = z.infer<typeof communityDonationCreatedSchema>;

export const COMMUNITY_DONATION_STATUSES = ['pending', 'paid', 'failed'] as const;

/** Answer of `GET /api/community/donations/:ref`: what the server confirmed, nothing personal. */
export const communityDonationStatusSchema = z.object({
  status: z.enum(COMMUNITY_DONATION_STATUSES),
  amount: z.number(),
  paidAt: z.string().nullable(),
  /** The provider's reason for a declined card, in Hebrew when it gave one. */
  error: z.string().nullable(),
});
export type CommunityDonationStatus = z.infer<typeof communityDonationStatusSchema>;

/** A donation's payment reference (`donation_ref`) as a route parameter. */
export const donationRefSchema = z
  .string({ error: M.donationNotFound })
  .regex(/^[A-Za-z0-9_-]{16,40}$/, M.donationNotFound);
