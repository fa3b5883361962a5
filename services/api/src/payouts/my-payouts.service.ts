import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import { PAYOUT_POLICY_RULES_HE, type MyPayouts } from '@mechabrim/contracts';
import {
  LEDGER_ENTRY_MODEL,
  PAYOUT_MODEL,
  PAYOUT_MONEY_STATUSES,
  type LedgerEntryModel,
  type PayoutModel,
} from '@mechabrim/db';
import {
  agorot,
  decidePayout,
  nextPayoutDate,
  selectPayoutPolicy,
  toShekels,
} from '@mechabrim/money';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { toMyPayout, type StoredPayoutRow } from './payout-views';

/**
 * The author's payouts (`GET /api/payouts/mine`): the next payout day and what it would pay by
 * the configured policy (decided as the run will decide it, from the ledger and past payouts),
 * the rule in Hebrew, and each past payout with its statement.
 */
@Injectable()
export class MyPayoutsService {
  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @InjectModel(PAYOUT_MODEL) private readonly payouts: PayoutModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
  ) {}

  async mine(authorId: string, now = new Date()): Promise<MyPayouts> {
    const author = new Types.ObjectId(authorId);
    const [entries, rows] = await Promise.all([
      this.ledger
        .find({ authorId: author, party: 'author', kind: { $ne: 'payout' } })
        .select({ _id: 0, amountAgorot: 1, occurredAt: 1 })
        .lean<Array<{ amountAgorot: number; occurredAt: Date }>>(),
      this.payouts.find({ authorId: author }).sort({ periodEnd: -1 }).lean<StoredPayoutRow[]>(),
    ]);
    const policy = selectPayoutPolicy(this.config.payouts.policy);
    const next = nextPayoutDate(now);
    const expected = decidePayout(
      policy,
      entries,
      rows
        .filter((row) => PAYOUT_MONEY_STATUSES.includes(row.status))
        .map((row) => ({
          amountAgorot: row.grossAgorot,
          periodEnd: row.statement.to,
          paidAt: row.createdAt,
        })),
      next,
    );
    return {
      policy: policy.name,
      rule: PAYOUT_POLICY_RULES_HE[policy.name],
      nextPayoutDate: next.toISOString(),
      expected: {
        balance: toShekels(agorot(expected.balance)),
        amount: toShekels(expected.amount),
        due: expected.due,
      },
      payouts: rows.map(toMyPayout),
    };
  }
}
