import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import {
  idempotencyKeySchema,
  ORDER_CURRENCY,
  type PaymentCreateRequest,
  type PaymentCreateResponse,
} from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  effectiveOrderStatus,
  isDuplicateKeyError,
  ORDER_MODEL,
  USER_MODEL,
  type BookModel,
  type OrderModel,
  type UserModel,
} from '@mechabrim/db';
import { agorot, toShekels } from '@mechabrim/money';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { mergeItems, priceOrder, type CatalogueBook, type PricedOrder } from './order-pricing';
import { MAX_PAYMENT_ATTEMPTS, newPaymentRef } from './payment-attempts';
import {
  amountDueOf,
  paymentOrderOf,
  type PayableOrder,
  type PaymentAttempt,
} from './payable-order';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider';

const MINUTE_MS = 60_000;

/**
 * `POST /api/payments/create`: prices the order from the database, stores it as
 * `pending_payment` and opens the provider's hosted page for it — for a payment attempt with a
 * random reference, amount-locked by the provider's handshake; the page never names the order.
 * With an idempotency key, a retried or double-clicked request finds the same order and opens
 * its page again (a new attempt of the same order). The order's mail goes to the account's
 * e-mail address; the checkout form's e-mail is kept as the delivery contact only.
 */
@Injectable()
export class PaymentCreateService {
  constructor(
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async create(
    user: AuthenticatedUser,
    request: PaymentCreateRequest,
    headerKey: string | undefined,
  ): Promise<PaymentCreateResponse> {
    const idempotencyKey = this.idempotencyKey(headerKey, request.idempotency_key);
    const quantities = mergeItems(request.items);
    const fingerprint = requestFingerprint(quantities, request);
    const userId = new Types.ObjectId(user.id);
    if (idempotencyKey) {
      const existing = await this.findByKey(userId, idempotencyKey);
      if (existing) return this.answerFor(existing, fingerprint);
    }
    // The books and the buyer's VIP membership are read together: both price the order, and
    // neither is taken from the request.
    const [books, buyer] = await Promise.all([
      this.books
        .find({ _id: { $in: [...quantities.keys()].map((id) => new Types.ObjectId(id)) } })
        .select({ title: 1, author: 1, authorName: 1, coverImage: 1, price: 1, isAvailable: 1 })
        .lean<CatalogueBook[]>(),
      this.users.findById(userId).select({ isVip: 1 }).lean<{ isVip?: boolean }>(),
    ]);
    const priced = priceOrder(
      quantities,
      books,
      { method: request.shipping_method, region: request.shipping_region },
      { isVip: buyer?.isVip === true },
    );
    const attempt = newAttempt(priced.amountDueAgorot);
    let created: PayableOrder;
    try {
      created = await this.insertOrder(
        user,
        request,
        priced,
        { idempotencyKey, fingerprint },
        attempt,
      );
    } catch (error) {
      const existing =
        idempotencyKey && isDuplicateKeyError(error)
          ? await this.findByKey(userId, idempotencyKey)
          : null;
      if (!existing) throw error;
      return this.answerFor(existing, fingerprint);
    }
    return this.respond(created, attempt);
  }

  private idempotencyKey(header: string | undefined, body: string | undefined): string | null {
    const key = header ?? body;
    if (key === undefined) return null;
    const parsed = idempotencyKeySchema.safeParse(key);
    if (!parsed.success) {
      throw new DomainError(
        'invalid_data',
        parsed.error.issues[0]?.message ?? messagesHe.errors.badRequest,
        [{ field: 'Idempotency-Key', message: parsed.error.issues[0]?.message ?? '' }],
      );
    }
    return parsed.data;
  }

  private findByKey(userId: Types.ObjectId, idempotencyKey: string): Promise<PayableOrder | null> {
    return this.orders
      .findOne({ 'user.userId': userId, idempotencyKey })
      .lean<PayableOrder>()
      .exec();
  }

  /**
   * A retried request: the same order's page, if it is the same order and still unpaid — opened
   * for a new attempt, which the order records only while it awaits payment.
   */
  private async answerFor(
    order: PayableOrder,
    fingerprint: string,
  ): Promise<PaymentCreateResponse> {
    if (order.requestFingerprint && order.requestFingerprint !== fingerprint) {
      throw new DomainError('conflict', messagesHe.payments.idempotencyKeyReused);
    }
    if (effectiveOrderStatus(order) !== 'pending_payment') {
      throw new DomainError('conflict', messagesHe.payments.orderNotPending);
    }
    if ((order.payment?.attempts?.length ?? 0) >= MAX_PAYMENT_ATTEMPTS) {
      throw new DomainError('too_many_requests', messagesHe.payments.tooManyAttempts);
    }
    const attempt = newAttempt(amountDueOf(order));
    // Never an attempt dropped to make room: a payment through its page would find no order.
    const recorded = await this.orders.updateOne(
      {
        _id: order._id,
        status: 'pending_payment',
        [`payment.attempts.${MAX_PAYMENT_ATTEMPTS - 1}`]: { $exists: false },
      },
      { $push: { 'payment.attempts': attempt } },
    );
    if (recorded.modifiedCount === 0) {
      const now = await this.orders.findById(order._id).lean<PayableOrder>().exec();
      if (now && effectiveOrderStatus(now) === 'pending_payment')
        throw new DomainError('too_many_requests', messagesHe.payments.tooManyAttempts);
      throw new DomainError('conflict', messagesHe.payments.orderNotPending);
    }
    return this.respond(order, attempt);
  }

  private async insertOrder(
    user: AuthenticatedUser,
    request: PaymentCreateRequest,
    priced: PricedOrder,
    key: { idempotencyKey: string | null; fingerprint: string },
    attempt: PaymentAttempt,
  ): Promise<PayableOrder> {
    const buyer = request.client;
    const name = `${buyer.first_name} ${buyer.last_name}`;
    const [created] = await this.orders.create([
      {
        user: {
          userId: new Types.ObjectId(user.id),
          name,
          // The account's address, not the form's: order mail must reach the account holder.
          email: user.email,
          firstName: buyer.first_name,
          lastName: buyer.last_name,
        },
        shippingAddress: {
          fullName: name,
          street: buyer.address,
          city: buyer.city,
          zip: buyer.zip,
          country: buyer.country,
          phone: buyer.phone,
          email: buyer.email,
        },
        books: priced.lines.map((line) => ({
          book: {
            _id: line.book._id,
            title: line.book.title,
            author: line.book.author,
            authorName: line.book.authorName ?? '',
            coverImage: line.book.coverImage ?? '',
          },
          quantity: line.quantity,
          priceAgorot: line.priceAgorot,
        })),
        totalAmountAgorot: priced.subtotalAgorot,
        donationAmountAgorot: priced.donationAgorot,
        shipping: {
          method: priced.shipping.method,
          region: priced.region,
          priceAgorot: priced.shipping.price,
          listPriceAgorot: priced.shipping.listPrice,
          freeBecause: priced.shipping.freeBecause ?? null,
        },
        amountDueAgorot: priced.amountDueAgorot,
        currency: ORDER_CURRENCY,
        status: 'pending_payment',
        statusHistory: [{ status: 'pending_payment', at: new Date() }],
        idempotencyKey: key.idempotencyKey,
        requestFingerprint: key.fingerprint,
        expiresAt: new Date(Date.now() + this.config.payments.pendingTtlMinutes * MINUTE_MS),
        payment: { provider: this.provider.name, attempts: [attempt] },
      },
    ]);
    if (!created) throw new Error('order insert returned nothing');
    return created.toObject() as unknown as PayableOrder;
  }

  private async respond(
    order: PayableOrder,
    attempt: PaymentAttempt,
  ): Promise<PaymentCreateResponse> {
    const hosted = await this.provider.createPayment(paymentOrderOf(order, attempt.ref));
    const shipping = agorot(order.shipping?.priceAgorot ?? 0);
    return {
      success: true,
      error: null,
      order_id: order._id.toHexString(),
      transaction_id: attempt.ref,
      iframe_url: hosted.paymentUrl,
      payment_url: hosted.paymentUrl,
      form_data: hosted.formData,
      totals: {
        subtotal: toShekels(agorot(order.totalAmountAgorot)),
        shipping: toShekels(shipping),
        donation: toShekels(agorot(order.donationAmountAgorot)),
        total: toShekels(agorot(order.amountDueAgorot ?? order.totalAmountAgorot)),
        currency: ORDER_CURRENCY,
      },
    };
  }
}

function newAttempt(amountAgorot: number): PaymentAttempt {
  return { ref: newPaymentRef(), amountAgorot, createdAt: new Date() };
}

/**
 * What makes two create requests the same order: the books and quantities, the shipping and the
 * buyer. A key sent again with a different cart is a client bug, refused rather than guessed at.
 */
function requestFingerprint(
  quantities: ReadonlyMap<string, number>,
  request: PaymentCreateRequest,
): string {
  const lines = [...quantities].sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(
      JSON.stringify([lines, request.shipping_method, request.shipping_region, request.client]),
    )
    .digest('hex');
}
