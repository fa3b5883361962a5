import mongoose, { Types, type Connection } from 'mongoose';
import { startTestMongo, type TestMongo } from '@mechabrim/testing';
import { registerCatalogueModels } from './models';
import { effectiveOrderStatus, toOrderAnswer } from './order-answer';
import {
  AUTHOR_VISIBLE_ORDER_STATUSES,
  ORDER_MODEL,
  type OrderModel,
  type OrderRecord,
} from './orders.schema';
import { OUTBOX_MODEL, type OutboxModel } from './outbox.schema';

describe('effective order status', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('reads a pending order past its time as expired, and nothing else', () => {
    const past = new Date('2026-11-23T11:59:59Z');
    const future = new Date('2026-11-23T12:30:00Z');
    expect(effectiveOrderStatus({ status: 'pending_payment', expiresAt: past }, now)).toBe(
      'expired',
    );
    expect(effectiveOrderStatus({ status: 'pending_payment', expiresAt: future }, now)).toBe(
      'pending_payment',
    );
    expect(effectiveOrderStatus({ status: 'paid', expiresAt: past }, now)).toBe('paid');
    expect(effectiveOrderStatus({ status: null }, now)).toBe('pending');
  });
});

describe('author view of checkout orders', () => {
  it('lists paid orders as pending and never unpaid, expired or held ones', () => {
    expect(AUTHOR_VISIBLE_ORDER_STATUSES).toContain('paid');
    for (const status of ['pending_payment', 'expired', 'payment_review']) {
      expect(AUTHOR_VISIBLE_ORDER_STATUSES).not.toContain(status);
    }
    const answer = toOrderAnswer({
      _id: new Types.ObjectId(),
      status: 'paid',
      user: { name: 'דנה לוי', email: 'dana@example.com' },
      shippingAddress: { street: 'הרצל 1', city: 'תל אביב' },
      books: [],
      totalAmountAgorot: 0,
      donationAmountAgorot: 0,
    });
    expect(answer.status).toBe('pending');
  });
});

describe('checkout schemas against the embedded MongoDB', () => {
  let mongo: TestMongo;
  let connection: Connection;
  let Order: OrderModel;
  let Outbox: OutboxModel;

  beforeAll(async () => {
    mongo = await startTestMongo();
    connection = await mongoose.createConnection(mongo.uri).asPromise();
    registerCatalogueModels(connection);
    Order = connection.models[ORDER_MODEL] as OrderModel;
    Outbox = connection.models[OUTBOX_MODEL] as OutboxModel;
    await Order.syncIndexes();
  });
  afterAll(async () => {
    await connection?.close();
    await mongo?.stop();
  });

  const order = (userId: Types.ObjectId, idempotencyKey: string | null) => ({
    user: { userId, name: 'דנה לוי', email: 'dana@example.com' },
    shippingAddress: { street: 'הרצל 1', city: 'תל אביב' },
    books: [
      {
        book: { _id: new Types.ObjectId(), title: 'ספר', author: new Types.ObjectId() },
        quantity: 1,
        priceAgorot: 3990,
      },
    ],
    totalAmountAgorot: 3990,
    donationAmountAgorot: 399,
    amountDueAgorot: 5490,
    shipping: {
      method: 'standard' as const,
      region: 'israel-centre' as const,
      priceAgorot: 1500,
      listPriceAgorot: 1500,
    },
    status: 'pending_payment' as const,
    idempotencyKey,
    payment: { provider: 'simulator' as const },
  });

  /** Saves a deliberately invalid order, which the types would refuse at compile time. */
  const createUnchecked = (doc: Record<string, unknown>) =>
    Order.create(doc as Partial<OrderRecord>);

  it('keeps one order per buyer and idempotency key; other buyers and keyless orders are free', async () => {
    const buyer = new Types.ObjectId();
    await Order.create(order(buyer, 'attempt-0001'));
    await expect(Order.create(order(buyer, 'attempt-0001'))).rejects.toMatchObject({
      code: 11000,
    });
    await Order.create(order(new Types.ObjectId(), 'attempt-0001'));
    await Order.create(order(buyer, null));
    await Order.create(order(buyer, null));
    expect(await Order.countDocuments({ 'user.userId': buyer })).toBe(3);
  });

  it('stores the payment lifecycle statuses and refuses unknown ones and fractional amounts', async () => {
    const buyer = new Types.ObjectId();
    for (const status of ['paid', 'payment_review', 'expired'] as const) {
      await expect(Order.create({ ...order(buyer, null), status })).resolves.toBeDefined();
    }
    await expect(createUnchecked({ ...order(buyer, null), status: 'refunded' })).rejects.toThrow(
      /validation failed: status: `refunded` is not a valid enum value/,
    );
    await expect(Order.create({ ...order(buyer, null), amountDueAgorot: 54.9 })).rejects.toThrow(
      /validation failed: amountDueAgorot/,
    );
    await expect(
      createUnchecked({ ...order(buyer, null), payment: { provider: 'paypal' } }),
    ).rejects.toThrow(/validation failed: payment\.provider: `paypal` is not a valid enum value/);
  });

  it('writes an outbox row pending, with no attempts, for a known queue only', async () => {
    const row = await Outbox.create({ type: 'receipts', payload: { orderId: 'a'.repeat(24) } });
    expect(row.toObject()).toMatchObject({
      status: 'pending',
      attempts: 0,
      dispatchedAt: null,
      payload: { orderId: 'a'.repeat(24) },
    });
    // A queue name the types refuse, as a corrupt write would carry it.
    const unknownQueue: Record<string, unknown> = { type: 'sms', payload: {} };
    await expect(Outbox.create(unknownQueue)).rejects.toThrow(
      /validation failed: type: `sms` is not a valid enum value/,
    );
  });
});
