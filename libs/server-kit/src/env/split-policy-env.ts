import { DEFAULT_SPLIT_POLICY, SPLIT_POLICY_NAMES } from '@mechabrim/money';
import { enumVar } from './env';

/**
 * `SPLIT_POLICY`, read by the API (the author's expected and earned shares, the earnings table's
 * labels) and the worker (the ledger it writes): declared once here so both read the same name
 * and default, and the portal never shows one split while the ledger books another.
 */
export const splitPolicyEnvShape = {
  SPLIT_POLICY: enumVar(
    SPLIT_POLICY_NAMES,
    DEFAULT_SPLIT_POLICY,
    "How a sale is split (spec §1's readings): `community-first` 85/10/5 with print and shipping from the author's share, or `compensation` 70/20/10 digital and 60/25/15 printed",
  ),
};
