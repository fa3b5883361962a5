import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Types } from 'mongoose';
import {
  COMMUNITY_DONATION_MODEL,
  onlyDuplicateKeys,
  ORDER_MODEL,
  PAYMENT_TRANSACTION_MODEL,
  paymentTransactionKey,
  type CommunityDonationModel,
  type OrderModel,
  type PaymentTransactionModel,
  type PaymentTransactionTarget,
} from '@mechabrim/db';

/** The marker of a finished backfill, in the claims' own collection (no claim has this key). */
const DONE = 'backfill:v1';
/** Claims written a batch. */
const BATCH = 500;

/** One history entry, as the backfill reads it. */
interface LoggedNotify {
  outcome: string;
  transactionId?: string | null;
  attemptRef?: string | null;
  amountAgorot?: number | null;
  receivedAt?: Date | null;
  refund?: unknown;
}

/** Whether the entry is money its record holds: paid with it, held for review, or to give back. */
const holdsMoney = (entry: LoggedNotify): entry is LoggedNotify & { transactionId: string } =>
  typeof entry.transactionId === 'string' &&
  entry.transactionId.length > 0 &&
  (entry.outcome === 'paid' ||
    entry.outcome === 'mismatch' ||
    (entry.outcome === 'foreign' && entry.refund != null));

/**
 * Claims (`payment_transactions`) for the transactions recorded before claims existed: every
 * order's and donation's paid, held or to-refund notify, so an old transaction cannot pay a new
 * attempt either. Runs once, in the background, as the API starts; a second API process running
 * it at once writes the same claims (their keys are unique) and the first claim written stands.
 */
@Injectable()
export class PaymentClaimsBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger('PaymentClaims');

  constructor(
    @InjectModel(PAYMENT_TRANSACTION_MODEL) private readonly claims: PaymentTransactionModel,
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(COMMUNITY_DONATION_MODEL) private readonly donations: CommunityDonationModel,
  ) {}

  onApplicationBootstrap(): void {
    this.run().catch((error: unknown) =>
      this.logger.warn({ err: String(error), msg: 'payment claims backfill: will try next start' }),
    );
  }

  /** Writes the missing claims; answers how many records it read (0 once done). */
  async run(): Promise<number> {
    if (await this.claims.exists({ _id: DONE })) return 0;
    let read = 0;
    let batch: object[] = [];
    const flush = async () => {
      if (!batch.length) return;
      try {
        await this.claims.insertMany(batch, { ordered: false });
      } catch (error) {
        if (!onlyDuplicateKeys(error)) throw error;
      }
      batch = [];
    };
    const add = async (
      provider: string,
      target: PaymentTransactionTarget,
      targetId: Types.ObjectId,
      log: LoggedNotify[],
    ) => {
      read += 1;
      for (const entry of log.filter(holdsMoney)) {
        batch.push({
          _id: paymentTransactionKey(provider, entry.transactionId),
          provider,
          transactionId: entry.transactionId,
          target,
          targetId,
          attemptRef: entry.attemptRef ?? '',
          amountAgorot: entry.amountAgorot ?? 0,
          outcome: entry.outcome,
          claimedAt: entry.receivedAt ?? new Date(),
        });
      }
      if (batch.length >= BATCH) await flush();
    };
    const orders = this.orders
      .find({ 'payment.notifyLog.0': { $exists: true } })
      .select({ 'payment.provider': 1, 'payment.notifyLog': 1 })
      .lean<{ _id: Types.ObjectId; payment: { provider: string; notifyLog: LoggedNotify[] } }>()
      .cursor();
    for await (const order of orders) {
      await add(order.payment.provider, 'order', order._id, order.payment.notifyLog);
    }
    const donations = this.donations
      .find({ 'notifyLog.0': { $exists: true } })
      .select({ provider: 1, notifyLog: 1 })
      .lean<{ _id: Types.ObjectId; provider: string; notifyLog: LoggedNotify[] }>()
      .cursor();
    for await (const donation of donations) {
      await add(donation.provider, 'donation', donation._id, donation.notifyLog);
    }
    await flush();
    await this.claims.collection.updateOne(
      { _id: DONE as never },
      { $setOnInsert: { doneAt: new Date(), records: read } },
      { upsert: true },
    );
    if (read) this.logger.log({ records: read, msg: 'payment claims backfilled' });
    return read;
  }
}
