import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import {
  idempotencyKeySchema,
  type CommunityDonationCreated,
  type CommunityDonationRequest,
  type CommunityDonationStatus,
} from '@mechabrim/contracts';
import {
  COMMUNITY_DONATION_MODEL,
  isDuplicateKeyError,
  type CommunityDonationModel,
  type CommunityDonationState,
} from '@mechabrim/db';
import { agorot, toAgorot, toShekels } from '@mechabrim/money';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import { newPaymentRef } from '../payments/payment-attempts';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payments/providers/payment-provider';

const m = messagesHe.communityFund;

/** Where the hosted page returns: the community page, which asks the server how it went. */
const RETURN_PATH = '/community-donation';

/** A stored donation as these use cases read it. */
interface StoredDonation {
  _id: Types.ObjectId;
  amountAgorot: number;
  state: CommunityDonationState;
  email: string;
  donorName?: string | null;
  paymentRef: string;
  fingerprint?: string | null;
  failureMessage?: string | null;
  paidAt?: Date | null;
}

/**
 * 'Donate now' (issue 23 item 7): a direct donation of a chosen sum through the provider's hosted
 * payment page, signed-in or guest. The donation is stored `pending` with one random payment
 * reference; the page is amount-locked to its sum, and only the provider's verified notify pays
 * it (see `DonationNotifyService`). With an idempotency key, a retried or double-clicked request
 * is the same donation and opens the same page again.
 */
@Injectable()
export class CommunityDonationsService {
  constructor(
    @InjectModel(COMMUNITY_DONATION_MODEL) private readonly donations: CommunityDonationModel,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async create(
    request: CommunityDonationRequest,
    user: AuthenticatedUser | undefined,
    headerKey: string | undefined,
  ): Promise<CommunityDonationCreated> {
    const idempotencyKey = this.idempotencyKey(headerKey, request.idempotency_key);
    const amountAgorot = toAgorot(request.amount);
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([amountAgorot, request.email, request.name]))
      .digest('hex');
    let donation: StoredDonation | null = idempotencyKey
      ? await this.donations.findOne({ idempotencyKey }).lean<StoredDonation>()
      : null;
    if (!donation) {
      try {
        const [created] = await this.donations.create([
          {
            amountAgorot,
            state: 'pending',
            email: request.email,
            donorName: request.name,
            userId: user ? new Types.ObjectId(user.id) : null,
            provider: this.provider.name,
            paymentRef: newPaymentRef(),
            idempotencyKey,
            fingerprint,
          },
        ]);
        donation = created?.toObject<StoredDonation>() ?? null;
      } catch (error) {
        if (!idempotencyKey || !isDuplicateKeyError(error)) throw error;
        donation = await this.donations.findOne({ idempotencyKey }).lean<StoredDonation>();
      }
    }
    if (!donation) throw new Error('donation insert returned nothing');
    if (donation.fingerprint && donation.fingerprint !== fingerprint) {
      throw new DomainError('conflict', m.donationKeyReused);
    }
    if (donation.state === 'paid') throw new DomainError('conflict', m.donationAlreadyPaid);
    const hosted = await this.provider.createPayment({
      paymentRef: donation.paymentRef,
      amountDueAgorot: agorot(donation.amountAgorot),
      description: m.donationDescription,
      buyer: { name: donation.donorName ?? '', email: donation.email, phone: '' },
      returnTo: {
        success: `${RETURN_PATH}?donation=${donation.paymentRef}&result=success`,
        fail: `${RETURN_PATH}?donation=${donation.paymentRef}&result=failed`,
      },
    });
    return {
      donation_ref: donation.paymentRef,
      amount: toShekels(agorot(donation.amountAgorot)),
      payment_url: hosted.paymentUrl,
      form_data: hosted.formData,
    };
  }

  /** How a donation stands, by its payment reference (random: it cannot be guessed). */
  async status(ref: string): Promise<CommunityDonationStatus> {
    const donation = await this.donations.findOne({ paymentRef: ref }).lean<StoredDonation>();
    if (!donation) throw new DomainError('not_found', m.donationNotFound);
    return {
      status: donation.state,
      amount: toShekels(agorot(donation.amountAgorot)),
      paidAt: donation.paidAt?.toISOString() ?? null,
      error: donation.state === 'failed' ? (donation.failureMessage ?? null) : null,
    };
  }

  private idempotencyKey(header: string | undefined, body: string | undefined): string | null {
    const key = header ?? body;
    if (key === undefined) return null;
    const parsed = idempotencyKeySchema.safeParse(key);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? messagesHe.errors.badRequest;
      throw new DomainError('invalid_data', message, [{ field: 'Idempotency-Key', message }]);
    }
    return parsed.data;
  }
}
