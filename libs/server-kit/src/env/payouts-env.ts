import { z } from 'zod';
import {
  DEFAULT_PAYOUT_POLICY,
  PAYOUT_POLICY_NAMES,
  type PayoutPolicyName,
} from '@mechabrim/money';
import { sealingKeyFromBase64 } from '../sealing/sealed-box';
import { documented, enumVar, integerVar } from './env';

/**
 * The development key of the payout details' encryption: public (it is in this file), so
 * production refuses it. Base64 of the 32 ASCII bytes `mechabrim-payout-details-dev-key`.
 */
export const DEV_PAYOUT_DETAILS_KEY = Buffer.from('mechabrim-payout-details-dev-key').toString(
  'base64',
);

/**
 * The environment variables of authors' payouts (issue 23), read by the API (the details, the
 * author's expected payout) and the worker (the payout run opens the details, withholds and pays
 * by the same policy): declared once here so both read the same names and defaults.
 */
export const payoutsEnvShape = {
  PAYOUT_DETAILS_KEY: documented(
    z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        try {
          sealingKeyFromBase64(value);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
        }
      })
      .optional(),
    {
      default:
        'a public development key; with `NODE_ENV=production` none, and the payout details answer 503 (the development key is refused)',
      description:
        "AES-256-GCM key (32 bytes, base64: `openssl rand -base64 32`) sealing authors' bank details and identity numbers at rest; the worker's payout run needs the same value",
    },
  ),
  PAYOUT_WITHHOLDING_PERCENT: integerVar({
    default: 30,
    min: 0,
    max: 60,
    what: 'a whole percent',
    description:
      'Income tax withheld at source from payouts to authors who are private persons (not dealers), in whole percent; set it to the rate of your withholding approval',
  }),
  PAYOUT_POLICY: enumVar(
    PAYOUT_POLICY_NAMES,
    DEFAULT_PAYOUT_POLICY,
    "When an author's balance is paid (spec §9's readings): `monthly` on the 15th once it reaches 100 ₪ (else it rolls over), or `authors-terms` at 500 ₪ or 6 months after the first sale and every 6 months",
  ),
};

/** Production never runs with the public development key. */
export function refuseDevelopmentPayoutKey(
  env: { NODE_ENV: string; PAYOUT_DETAILS_KEY?: string },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV === 'production' && env.PAYOUT_DETAILS_KEY === DEV_PAYOUT_DETAILS_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYOUT_DETAILS_KEY'],
      message: 'is the public development key; production needs its own',
    });
  }
}

export interface PayoutsConfig {
  /** The key sealing payout details; null in production without one (nothing opens them). */
  detailsKey: Buffer | null;
  withholdingPercent: number;
  policy: PayoutPolicyName;
}

/** The payouts' settings from the parsed variables of {@link payoutsEnvShape}. */
export function toPayoutsConfig(e: {
  NODE_ENV: string;
  PAYOUT_DETAILS_KEY?: string;
  PAYOUT_WITHHOLDING_PERCENT: number;
  PAYOUT_POLICY: PayoutPolicyName;
}): PayoutsConfig {
  const key = e.PAYOUT_DETAILS_KEY ?? (e.NODE_ENV === 'production' ? null : DEV_PAYOUT_DETAILS_KEY);
  return {
    detailsKey: key === null ? null : sealingKeyFromBase64(key),
    withholdingPercent: e.PAYOUT_WITHHOLDING_PERCENT,
    policy: e.PAYOUT_POLICY,
  };
}
