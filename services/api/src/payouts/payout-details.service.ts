import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Types, type ClientSession, type Connection } from 'mongoose';
import {
  israeliBank,
  mailJobSchema,
  maskDigits,
  ORDER_QUEUE_NAMES,
  payoutDetailsRequestSchema,
  type PayoutDetails,
  type PayoutDetailsRequest,
  type PayoutDetailsSaved,
} from '@mechabrim/contracts';
import {
  OUTBOX_MODEL,
  PAYOUT_DETAILS_MODEL,
  USER_MODEL,
  type OutboxModel,
  type PayoutDetailsModel,
  type UserModel,
} from '@mechabrim/db';
import { seal, unseal, type SealedValue } from '@mechabrim/server-kit';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';

const m = messagesHe.payouts;

/** A stored payout-details document as a lean query reads it. */
interface StoredPayoutDetails {
  sealed: SealedValue;
  payoutHold?: { reason: 'details-changed'; since: Date } | null;
  updatedAt?: Date;
}

/** The details in a fixed key order, so two saves of the same details compare equal. */
function canonical(details: PayoutDetailsRequest): string {
  const { accountHolder, bankCode, branch, account, taxId, taxStatus } = details;
  return JSON.stringify({ accountHolder, bankCode, branch, account, taxId, taxStatus });
}

/**
 * The author's payout details (issue 23): stored sealed (AES-256-GCM, the author's id bound in),
 * answered masked. A save that changes earlier details holds the next payout for an admin and
 * mails the author; the first save mails too (no hold). The document, the hold and the mail's
 * outbox row are written in one transaction.
 */
@Injectable()
export class PayoutDetailsService {
  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(PAYOUT_DETAILS_MODEL) private readonly details: PayoutDetailsModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
  ) {}

  /** The key, or a 503 in production without one (nothing is stored unsealed). */
  private key(): Buffer {
    const key = this.config.payouts.detailsKey;
    if (!key) throw new DomainError('unavailable', m.unavailable);
    return key;
  }

  /** Opens stored details; a key or owner that does not match is a 503, never data. */
  private open(stored: StoredPayoutDetails, userId: string): PayoutDetailsRequest {
    try {
      return payoutDetailsRequestSchema.parse(
        JSON.parse(unseal(this.key(), stored.sealed, userId)),
      );
    } catch (error) {
      if (DomainError.isDomainError(error)) throw error;
      throw new DomainError('unavailable', m.unavailable, undefined, { cause: error });
    }
  }

  private toAnswer(details: PayoutDetailsRequest, stored: StoredPayoutDetails): PayoutDetails {
    const hold = stored.payoutHold ?? null;
    return {
      accountHolder: details.accountHolder,
      bankCode: details.bankCode,
      bankName: israeliBank(details.bankCode)?.name ?? details.bankCode,
      branch: details.branch,
      accountMasked: maskDigits(details.account, 4),
      taxIdMasked: maskDigits(details.taxId, 3),
      taxStatus: details.taxStatus,
      withholdingPercent:
        details.taxStatus === 'private' ? this.config.payouts.withholdingPercent : null,
      updatedAt: (stored.updatedAt ?? new Date()).toISOString(),
      hold: hold && { reason: hold.reason, since: hold.since.toISOString() },
    };
  }

  async get(userId: string): Promise<PayoutDetails | null> {
    this.key();
    const stored = await this.details
      .findOne({ user: new Types.ObjectId(userId) })
      .lean<StoredPayoutDetails>();
    return stored ? this.toAnswer(this.open(stored, userId), stored) : null;
  }

  async save(userId: string, request: PayoutDetailsRequest): Promise<PayoutDetailsSaved> {
    const key = this.key();
    const user = new Types.ObjectId(userId);
    const now = new Date();
    return this.connection.transaction(async (session) => {
      const before = await this.details
        .findOne({ user })
        .session(session)
        .lean<StoredPayoutDetails>();
      if (before) {
        // Details that no longer open (another key) count as changed: they are reviewed too.
        const previous = this.tryOpen(before, userId);
        if (previous && canonical(previous) === canonical(request)) {
          return { message: m.unchanged, details: this.toAnswer(previous, before) };
        }
      }
      const saved = await this.details
        .findOneAndUpdate(
          { user },
          {
            $set: {
              sealed: seal(key, canonical(request), userId),
              ...(before && { payoutHold: { reason: 'details-changed', since: now } }),
            },
            $setOnInsert: { user },
          },
          { upsert: true, returnDocument: 'after', session },
        )
        .lean<StoredPayoutDetails>();
      if (!saved) throw new DomainError('unavailable', m.unavailable);
      await this.mailAuthor(userId, request, now, !before, session);
      return {
        message: before ? m.changedOnHold : m.saved,
        details: this.toAnswer(request, saved),
      };
    });
  }

  private tryOpen(stored: StoredPayoutDetails, userId: string): PayoutDetailsRequest | null {
    try {
      return this.open(stored, userId);
    } catch {
      return null;
    }
  }

  /** Queues the `payout-details-changed` mail through the outbox, in the save's transaction. */
  private async mailAuthor(
    userId: string,
    details: PayoutDetailsRequest,
    changedAt: Date,
    firstTime: boolean,
    session: ClientSession,
  ): Promise<void> {
    const author = await this.users
      .findById(userId)
      .select({ name: 1, email: 1 })
      .session(session)
      .lean<{ name: string; email: string }>();
    if (!author) return;
    const job = mailJobSchema.parse({
      template: 'payout-details-changed',
      to: author.email,
      authorName: author.name.slice(0, 120),
      bankName: israeliBank(details.bankCode)?.name ?? details.bankCode,
      accountMasked: maskDigits(details.account, 4),
      changedAt: changedAt.toISOString(),
      firstTime,
    });
    await this.outbox.create([{ type: ORDER_QUEUE_NAMES.mail, payload: job }], { session });
  }
}
