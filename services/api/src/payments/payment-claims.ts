import { Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import type { ClientSession, Connection, Types } from 'mongoose';
import {
  isDuplicateKeyError,
  PAYMENT_TRANSACTION_MODEL,
  paymentTransactionKey,
  type PaymentTransactionModel,
  type PaymentTransactionTarget,
} from '@mechabrim/db';
import type { PaymentNotify } from './providers/payment-provider';

/** The order or donation a notify's money would be applied to. */
export interface ClaimTarget {
  kind: PaymentTransactionTarget;
  id: Types.ObjectId;
}

/** What a notify does with the transaction's money, when it claims it. */
export type ClaimOutcome = 'paid' | 'mismatch' | 'foreign';

/**
 * The claims of `payment_transactions` (see `PaymentTransactionSchema`): one provider transaction
 * is money for one order or donation. A notify that would pay with a transaction, hold it for
 * review or record it as money to give back first claims it; a transaction another order or
 * donation holds pays nothing here.
 */
@Injectable()
export class PaymentClaims {
  constructor(
    @InjectModel(PAYMENT_TRANSACTION_MODEL) private readonly claims: PaymentTransactionModel,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  /**
   * Pays `target` with the notify's transaction, in one MongoDB transaction: the claim, then
   * `write` (the paid status and what follows it), which answers false when its target changed
   * meanwhile; the claim is then rolled back with it. Answers `paid`; `elsewhere` when another
   * order or donation holds the transaction; or null when a racing notify won (read it again).
   */
  async payWith(
    provider: string,
    notify: PaymentNotify,
    target: ClaimTarget,
    write: (session: ClientSession) => Promise<boolean>,
  ): Promise<'paid' | 'elsewhere' | null> {
    try {
      return await this.connection.transaction(async (session) => {
        if (!(await this.claim(provider, notify, target, 'paid', session))) return 'elsewhere';
        if (!(await write(session))) throw new RaceLost();
        return 'paid';
      });
    } catch (error) {
      if (error instanceof RaceLost || isDuplicateKeyError(error)) return null;
      throw error;
    }
  }

  /**
   * Claims the notify's transaction for `target`: true when it is now, or was already, this
   * target's; false when another order or donation holds it. Inside a MongoDB transaction
   * (`session`) the claim is read first, since a refused write would abort the transaction; a
   * claim written meanwhile by a racing notify fails the transaction's commit or its insert, and
   * the caller's next round reads it.
   */
  async claim(
    provider: string,
    notify: PaymentNotify,
    target: ClaimTarget,
    outcome: ClaimOutcome,
    session?: ClientSession,
  ): Promise<boolean> {
    const _id = paymentTransactionKey(provider, notify.transactionId);
    const held = await this.holder(_id, session);
    if (held) return held.kind === target.kind && held.id.equals(target.id);
    const claim = {
      _id,
      provider,
      transactionId: notify.transactionId,
      target: target.kind,
      targetId: target.id,
      attemptRef: notify.paymentRef,
      amountAgorot: notify.amountAgorot,
      outcome,
      claimedAt: new Date(),
    };
    if (session) {
      await this.claims.create([claim], { session });
      return true;
    }
    try {
      await this.claims.create([claim]);
      return true;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const winner = await this.holder(_id);
      return winner !== null && winner.kind === target.kind && winner.id.equals(target.id);
    }
  }

  private async holder(_id: string, session?: ClientSession): Promise<ClaimTarget | null> {
    const found = await this.claims
      .findById(_id, { target: 1, targetId: 1 })
      .session(session ?? null)
      .lean<{ target: PaymentTransactionTarget; targetId: Types.ObjectId }>()
      .exec();
    return found ? { kind: found.target, id: found.targetId } : null;
  }
}

/** Thrown inside a payment's transaction to roll its claim back when its target changed. */
class RaceLost extends Error {}
