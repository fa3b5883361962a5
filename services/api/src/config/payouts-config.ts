/*
 * The payouts' variables are shared with the worker's payout run, so they are declared once in
 * `@mechabrim/server-kit` (`payouts-env.ts`); re-exported here for the API's configuration.
 */
export {
  DEV_PAYOUT_DETAILS_KEY,
  payoutsEnvShape,
  refuseDevelopmentPayoutKey,
  toPayoutsConfig,
  type PayoutsConfig,
} from '@mechabrim/server-kit';
