import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Types } from 'mongoose';
import {
  COMMUNITY_DONATION_MODEL,
  donationLedgerEntry,
  LEDGER_ENTRY_MODEL,
  OUTBOX_MODEL,
  type CommunityDonationModel,
  type CommunityDonationState,
  type LedgerEntryModel,
  type OutboxModel,
} from '@mechabrim/db';
import { PaymentClaims, type ClaimTarget } from './payment-claims';
import type { NotifyOutcome } from './payment-notify.service';
import {
  PAYMENT_PROVIDER,
  type PaymentNotify,
  type PaymentProvider,
} from './providers/payment-provider';

/** A donation as the notify reads it. */
interface PayableDonation {
  _id: Types.ObjectId;
  amountAgorot: number;
  state: CommunityDonationState;
  email: string;
  donorName?: string | null;
  notifyLog?: { outcome: string; transactionId?: string | null }[];
}

/** Outcomes after which a transaction is settled: the same notify again is a replay. */
const FINAL = { $ne: 'not_confirmed' };
const MAX_ROUNDS = 3;

/**
 * The payment notify of a direct donation ('donate now', issue 23 item 7): the same rules as an
 * order's (see `PaymentNotifyService`, which hands a notify naming no order's attempt here). A
 * donation is paid only by a verified notify the provider confirms, for the donation's own sum
 * in shekels; then, in one transaction, it is marked paid, its `donation` ledger entry is written
 * (keyed by the donation's id: it can exist once) and the thank-you mail's outbox row added. A
 * replayed notify adds nothing; money of another sum, or a second payment of a paid donation, is
 * recorded as `foreign`, with a refund to make, and pays nothing. A transaction that is money for
 * another order or donation ({@link PaymentClaims}) is recorded as `foreign` with no refund.
 */
@Injectable()
export class DonationNotifyService {
  constructor(
    @InjectModel(COMMUNITY_DONATION_MODEL) private readonly donations: CommunityDonationModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly claims: PaymentClaims,
  ) {}

  /** What the notify did to its donation; null when it names no donation either. */
  async handle(
    notify: PaymentNotify,
  ): Promise<{ donationId: string; outcome: NotifyOutcome } | null> {
    let outcome: NotifyOutcome | null = null;
    let donationId = '';
    for (let round = 0; round < MAX_ROUNDS && outcome === null; round += 1) {
      const donation = await this.donations
        .findOne({ paymentRef: notify.paymentRef })
        .lean<PayableDonation>()
        .exec();
      if (!donation) return null;
      donationId = donation._id.toHexString();
      outcome = await this.apply(donation, notify);
    }
    // Only notifies racing for one donation get here without an answer: a replay by then.
    return { donationId, outcome: outcome ?? 'replay' };
  }

  private async apply(
    donation: PayableDonation,
    notify: PaymentNotify,
  ): Promise<NotifyOutcome | null> {
    const seen = (donation.notifyLog ?? []).filter(
      (entry) => entry.transactionId === notify.transactionId,
    );
    if (seen.some((entry) => entry.outcome !== 'not_confirmed')) return 'replay';
    if (!notify.approved) return this.recordDeclined(donation, notify);
    if (!(await this.provider.confirmTransaction(notify))) {
      if (seen.length > 0) return 'not_confirmed';
      return (await this.record(donation, notify, 'not_confirmed')) ? 'not_confirmed' : 'replay';
    }
    const matches = notify.amountAgorot === donation.amountAgorot && notify.currency === 'ILS';
    if (matches && donation.state !== 'paid') return this.markPaid(donation, notify);
    if (
      !(await this.claims.claim(this.provider.name, notify, donationTarget(donation), 'foreign'))
    ) {
      return (await this.record(donation, notify, 'foreign')) ? 'foreign' : 'replay';
    }
    return (await this.record(donation, notify, 'foreign', true)) ? 'foreign' : 'replay';
  }

  private entry(notify: PaymentNotify, outcome: NotifyOutcome, refund = false) {
    return {
      receivedAt: new Date(),
      outcome,
      transactionId: notify.transactionId,
      amountAgorot: notify.amountAgorot,
      currency: notify.currency,
      result: notify.result,
      signature: notify.signature,
      refund: refund ? { state: 'needed' } : null,
    };
  }

  private unsettled(notify: PaymentNotify) {
    return {
      notifyLog: { $not: { $elemMatch: { transactionId: notify.transactionId, outcome: FINAL } } },
    };
  }

  private async record(
    donation: PayableDonation,
    notify: PaymentNotify,
    outcome: NotifyOutcome,
    refund = false,
  ): Promise<boolean> {
    const written = await this.donations.updateOne(
      { _id: donation._id, ...this.unsettled(notify) },
      { $push: { notifyLog: this.entry(notify, outcome, refund) } },
    );
    return written.modifiedCount === 1;
  }

  /** A declined card: the donation is `failed` until the donor pays on the same page. */
  private async recordDeclined(
    donation: PayableDonation,
    notify: PaymentNotify,
  ): Promise<NotifyOutcome> {
    const written = await this.donations.updateOne(
      { _id: donation._id, state: { $ne: 'paid' }, ...this.unsettled(notify) },
      {
        $set: {
          state: 'failed',
          failureCode: notify.failureCode,
          failureMessage: notify.failureMessage,
        },
        $push: { notifyLog: this.entry(notify, 'declined') },
      },
    );
    if (written.modifiedCount === 1) return 'declined';
    return (await this.record(donation, notify, 'declined')) ? 'declined' : 'replay';
  }

  private async markPaid(
    donation: PayableDonation,
    notify: PaymentNotify,
  ): Promise<NotifyOutcome | null> {
    const paidAt = new Date();
    const outcome = await this.claims.payWith(
      this.provider.name,
      notify,
      donationTarget(donation),
      async (session) => {
        const updated = await this.donations.updateOne(
          { _id: donation._id, state: { $ne: 'paid' }, ...this.unsettled(notify) },
          {
            $set: {
              state: 'paid',
              paidAt,
              transactionId: notify.transactionId,
              confirmationCode: notify.confirmationCode,
              cardLast4: notify.cardLast4,
              failureCode: null,
              failureMessage: null,
            },
            $push: { notifyLog: this.entry(notify, 'paid') },
          },
          { session },
        );
        // Another notify for this donation committed first: read it again.
        if (updated.modifiedCount === 0) return false;
        await this.ledger.create([donationLedgerEntry(donation, paidAt)], { session });
        await this.outbox.create([thanksMail(donation, paidAt)], { session });
        return true;
      },
    );
    if (outcome === 'elsewhere') {
      // Money for another order or donation: history only, nothing to give back.
      return (await this.record(donation, notify, 'foreign')) ? 'foreign' : 'replay';
    }
    return outcome;
  }
}

/** The donor's thank-you mail's outbox row. */
function thanksMail(donation: PayableDonation, paidAt: Date) {
  return {
    type: 'mail' as const,
    payload: {
      template: 'donation-thanks',
      to: donation.email,
      donationId: donation._id.toHexString(),
      amountAgorot: donation.amountAgorot,
      donorName: donation.donorName ?? null,
      paidAt: paidAt.toISOString(),
    },
    createdAt: paidAt,
  };
}

function donationTarget(donation: PayableDonation): ClaimTarget {
  return { kind: 'donation', id: donation._id };
}
