import { z } from 'zod';
import { objectIdSchema } from './fields';
import { TAX_STATUSES } from './payouts';

/*
 * The payout run and its bank batch (issue 23): the admins' runs, and the author's payouts with
 * their statements. Money in shekels, as the API speaks it.
 */

export const PAYOUT_POLICY_RULES_HE = {
  monthly:
    'התשלום מועבר ב־15 בכל חודש על היתרה שנצברה עד סוף החודש הקודם, כשהיא מגיעה ל־100 ₪ לפחות. יתרה קטנה יותר עוברת לחודש הבא.',
  'authors-terms':
    'התשלום מועבר ב־15 בחודש כשהיתרה מגיעה ל־500 ₪, או חצי שנה אחרי המכירה הראשונה ומאז כל חצי שנה.',
} as const;

export const payoutRunTotalsSchema = z.object({
  paidCount: z.number(),
  gross: z.number(),
  withheld: z.number(),
  net: z.number(),
  heldCount: z.number(),
  held: z.number(),
  carriedCount: z.number(),
  carried: z.number(),
});
export type PayoutRunTotals = z.infer<typeof payoutRunTotalsSchema>;

/** A run as the admins' list shows it. */
export const payoutRunSchema = z.object({
  id: z.string(),
  period: z.string(),
  periodEnd: z.string(),
  startedAt: z.string(),
  /** `schedule`, or the id of the admin who started it. */
  startedBy: z.string(),
  policy: z.enum(['monthly', 'authors-terms']),
  status: z.enum(['running', 'done']),
  finishedAt: z.string().nullable(),
  totals: payoutRunTotalsSchema.nullable(),
  batch: z
    .object({
      createdAt: z.string(),
      credits: z.number(),
      total: z.number(),
      sentAt: z.string().nullable(),
      sentBy: z.string().nullable(),
    })
    .nullable(),
  /**
   * The run's statements still being drawn (their PDFs are drawn after the run's money, a job
   * each): 0 once every author's statement PDF is there.
   */
  statementsPending: z.number(),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;

export const PAYOUT_STATUS_VALUES = ['planned', 'paid', 'held', 'returned'] as const;

/** One author's payout in a run (`GET /api/admin/payout-runs/:id`). */
export const payoutRunPayoutSchema = z.object({
  id: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  status: z.enum(PAYOUT_STATUS_VALUES),
  heldReason: z.enum(['on-hold', 'no-details']).nullable(),
  gross: z.number(),
  withheld: z.number(),
  net: z.number(),
  carriedOver: z.number(),
  bank: z
    .object({
      bankCode: z.string(),
      branch: z.string(),
      accountMasked: z.string(),
      taxStatus: z.enum(TAX_STATUSES),
    })
    .nullable(),
});
export type PayoutRunPayout = z.infer<typeof payoutRunPayoutSchema>;

export const COMMUNITY_ALLOCATION_STATUS_VALUES = ['planned', 'paid', 'returned'] as const;

/** One community project's allocation of the fund in a run, paid in the same bank batch. */
export const payoutRunAllocationSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  status: z.enum(COMMUNITY_ALLOCATION_STATUS_VALUES),
  amount: z.number(),
  bank: z.object({ bankCode: z.string(), branch: z.string(), accountMasked: z.string() }),
  returnedAt: z.string().nullable(),
});
export type PayoutRunAllocation = z.infer<typeof payoutRunAllocationSchema>;

/** The run's allocations added up: all of them, and those the bank did not return. */
export const payoutRunAllocationTotalsSchema = z.object({
  count: z.number(),
  total: z.number(),
  returnedCount: z.number(),
  returned: z.number(),
});

export const payoutRunDetailSchema = payoutRunSchema.extend({
  payouts: z.array(payoutRunPayoutSchema),
  /** The community fund's allocations to projects in this run. */
  allocations: z.array(payoutRunAllocationSchema),
  allocationTotals: payoutRunAllocationTotalsSchema,
});
export type PayoutRunDetail = z.infer<typeof payoutRunDetailSchema>;

/** One order line of a statement. */
export const payoutStatementLineSchema = z.object({
  orderReference: z.string(),
  bookTitle: z.string(),
  copies: z.number(),
  lineTotal: z.number(),
  vat: z.number(),
  author: z.number(),
  community: z.number(),
  platform: z.number(),
  print: z.number(),
  refunds: z.number(),
});

/** The spec's bonus rules (§9), as `BONUS_RULES` of `@mechabrim/money` names them. */
export const BONUS_RULE_VALUES = ['monthly-sales', 'institutions', 'loyalty'] as const;

/** One bonus of a statement: the month that earned it, its rule and its amount (shekels). */
export const payoutStatementBonusSchema = z.object({
  month: z.string(),
  rule: z.enum(BONUS_RULE_VALUES),
  amount: z.number(),
});

export const payoutStatementSchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
  lines: z.array(payoutStatementLineSchema),
  carriedIn: z.number(),
  earned: z.number(),
  bonuses: z.number(),
  bonusLines: z.array(payoutStatementBonusSchema),
  balance: z.number(),
  gross: z.number(),
  withheld: z.number(),
  net: z.number(),
  carriedOver: z.number(),
});
export type PayoutStatementAnswer = z.infer<typeof payoutStatementSchema>;

/** One of the author's own payouts, with its statement. */
export const myPayoutSchema = z.object({
  id: z.string(),
  period: z.string(),
  status: z.enum(PAYOUT_STATUS_VALUES),
  gross: z.number(),
  withheld: z.number(),
  net: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Why a due payout was not paid this month (its balance stays owed); null when it paid. */
  heldReason: z.enum(['on-hold', 'no-details']).nullable(),
  /** The income tax withheld at source, in percent (0 unless a private person). */
  withholdingPercent: z.number(),
  /** The statement's PDF is written (`GET /api/payouts/mine/:id/statement.pdf` serves it). */
  statementPdf: z.boolean(),
  statement: payoutStatementSchema,
});
export type MyPayout = z.infer<typeof myPayoutSchema>;

/** `GET /api/payouts/mine`: the next payout, the rule that applies, and the past payouts. */
export const myPayoutsSchema = z.object({
  policy: z.enum(['monthly', 'authors-terms']),
  rule: z.string(),
  nextPayoutDate: z.string(),
  /** What the next run would pay if it ran now, by the policy; `due` false: it rolls over. */
  expected: z.object({ balance: z.number(), amount: z.number(), due: z.boolean() }),
  payouts: z.array(myPayoutSchema),
});
export type MyPayouts = z.infer<typeof myPayoutsSchema>;

/** Route parameter of the runs' and payouts' admin routes. */
export const payoutRunIdSchema = objectIdSchema;
