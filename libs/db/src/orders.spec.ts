import mongoose, { Types, type Connection } from 'mongoose';
import { startTestMongo, type TestMongo } from '@mechabrim/testing';
import { registerCatalogueModels } from './models';
import { orderAmounts, toOrderAnswer, type StoredOrder } from './order-answer';
import { ORDER_MODEL, type OrderModel } from './orders.schema';

describe('order amounts', () => {
  it('totals an order and takes a 10% donation rounded to the agora', () => {
    expect(
      orderAmounts([
        { quantity: 2, priceAgorot: 4990 },
        { quantity: 1, priceAgorot: 2590 },
      ]),
    ).toEqual({ totalAmountAgorot: 12570, donationAmountAgorot: 1257 });
    expect(orderAmounts([{ quantity: 1, priceAgorot: 2595 }]).donationAmountAgorot).toBe(260);
  });
});

describe('Order schema against the embedded MongoDB', () => {
  let mongo: TestMongo;
  let connection: Connection;
  let Order: OrderModel;

  beforeAll(async () => {
    mongo = await startTestMongo();
    connection = await mongoose.createConnection(mongo.uri).asPromise();
    registerCatalogueModels(connection);
    Order = connection.models[ORDER_MODEL] as OrderModel;
  });
  afterAll(async () => {
    await connection?.close();
    await mongo?.stop();
  });

  const line = (priceAgorot: number, quantity = 1) => ({
    book: {
      _id: new Types.ObjectId(),
      title: 'ירושלים של זהב',
      author: new Types.ObjectId(),
      authorName: 'נועה ברק',
      coverImage: '/api/covers/x.svg',
    },
    quantity,
    priceAgorot,
  });

  it('stores agorot and answers the author view of spec §3 in shekels', async () => {
    const lines = [line(4990, 2), line(2590)];
    const created = await Order.create({
      user: { name: 'דנה לוי', email: 'Dana@Example.com' },
      shippingAddress: { street: 'הרצל 1', city: 'תל אביב' },
      books: lines,
      ...orderAmounts(lines),
      status: 'shipped',
    });
    const stored = await Order.findById(created._id).lean<StoredOrder>();
    expect(stored?.totalAmountAgorot).toBe(12570);
    const answer = toOrderAnswer(stored!);
    expect(answer).toEqual(
      expect.objectContaining({
        status: 'shipped',
        user: { name: 'דנה לוי', email: 'dana@example.com' },
        shippingAddress: expect.objectContaining({ street: 'הרצל 1', city: 'תל אביב' }),
        totalAmount: 125.7,
        donationAmount: 12.57,
        paymentMethod: 'credit_card',
      }),
    );
    expect(answer.books[0]).toEqual({
      book: expect.objectContaining({ title: 'ירושלים של זהב', coverImage: '/api/covers/x.svg' }),
      quantity: 2,
      price: 49.9,
    });
    expect(answer.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('refuses fractional agorot, an unknown status and an order without lines', async () => {
    const base = {
      user: { name: 'דנה', email: 'd@x.co' },
      shippingAddress: { street: 'הרצל 1', city: 'חיפה' },
      totalAmountAgorot: 100,
      donationAmountAgorot: 10,
    };
    await expect(Order.create({ ...base, books: [line(49.5)] })).rejects.toThrow(
      /validation failed: books\.0\./,
    );
    const lost: Record<string, unknown> = { ...base, books: [line(100)], status: 'lost' };
    await expect(Order.create(lost)).rejects.toThrow(
      /validation failed: status: `lost` is not a valid enum value/,
    );
    await expect(Order.create({ ...base, books: [] })).rejects.toThrow(/validation failed: books/);
  });

  it('reads an unknown stored status as pending', () => {
    const answer = toOrderAnswer({
      _id: new Types.ObjectId(),
      status: 'weird',
      user: { name: 'א', email: 'a@b.co' },
      shippingAddress: { street: 'x', city: 'y' },
      books: [line(100)],
      totalAmountAgorot: 100,
      donationAmountAgorot: 10,
    });
    expect(answer.status).toBe('pending');
  });
});
