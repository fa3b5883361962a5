import mongoose, { Schema, Types } from 'mongoose';
import { Target, startTarget } from './test-support/target';

// Conformance through mongoose, with models shaped like the product's.
interface Book {
  title: string;
  authors: { name: string }[];
  tags: string[];
  price: number;
  stock: number;
  publishedAt?: Date;
}
interface User {
  email: string;
  name: string;
}
interface Order {
  user: Types.ObjectId;
  lines: { book: Types.ObjectId; qty: number; price: number }[];
  status: 'pending' | 'paid';
}

const bookSchema = new Schema<Book>(
  {
    title: { type: String, required: true },
    authors: [{ _id: false, name: { type: String, required: true } }],
    tags: { type: [String], index: true },
    price: { type: Number, required: true, min: 0 },
    stock: { type: Number, default: 0 },
    publishedAt: Date,
  },
  { timestamps: true },
);
bookSchema.index({ 'authors.name': 1 });
const userSchema = new Schema<User>({
  email: { type: String, required: true, unique: true, lowercase: true, trim: true },
  name: { type: String, required: true },
});
const orderSchema = new Schema<Order>(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true, index: true },
    lines: [
      {
        _id: false,
        book: { type: Schema.Types.ObjectId, ref: 'Book' },
        qty: Number,
        price: Number,
      },
    ],
    status: { type: String, enum: ['pending', 'paid'], default: 'pending' },
  },
  { timestamps: true },
);

let target: Target;
let conn: mongoose.Connection;
let BookModel: mongoose.Model<Book>;
let UserModel: mongoose.Model<User>;
let OrderModel: mongoose.Model<Order>;

beforeAll(async () => {
  target = await startTarget();
  conn = await mongoose
    .createConnection(target.uri, { serverSelectionTimeoutMS: 5000 })
    .asPromise();
  BookModel = conn.model<Book>('Book', bookSchema);
  UserModel = conn.model<User>('User', userSchema);
  OrderModel = conn.model<Order>('Order', orderSchema);
  await Promise.all([BookModel.init(), UserModel.init(), OrderModel.init()]);
});

afterAll(async () => {
  await conn?.close();
  await target?.stop();
});

describe('mongoose models', () => {
  it('creates the declared indexes', async () => {
    const names = (await BookModel.collection.listIndexes().toArray()).map((i) => i.name).sort();
    expect(names).toEqual(['_id_', 'authors.name_1', 'tags_1']);
    const userIdx = (await UserModel.collection.listIndexes().toArray()).find(
      (i) => i.name === 'email_1',
    );
    expect(userIdx?.unique).toBe(true);
  });

  it('raises the normal duplicate-key error for a second user with the same e-mail', async () => {
    await UserModel.create({ email: 'Noa@Example.com', name: 'נועה' });
    const err = await UserModel.create({ email: 'noa@example.com ', name: 'אחרת' }).catch((e) => e);
    expect(err).toBeInstanceOf(mongoose.mongo.MongoServerError);
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ email: 'noa@example.com' });
    expect(err.message).toContain('index: email_1 dup key: { email: "noa@example.com" }');
  });

  it('stores, queries and updates books with authors and tags', async () => {
    await BookModel.insertMany([
      {
        title: 'סיפור פשוט',
        authors: [{ name: 'ש"י עגנון' }],
        tags: ['קלאסיקה', 'פרוזה'],
        price: 59.9,
        stock: 3,
      },
      {
        title: 'Poems',
        authors: [{ name: 'Rachel Bluwstein' }],
        tags: ['Poetry'],
        price: 42,
        stock: 0,
      },
      {
        title: 'My Michael',
        authors: [{ name: 'Amos Oz' }],
        tags: ['prose', 'novel'],
        price: 65,
        stock: 7,
      },
    ]);
    const byAuthor = await BookModel.findOne({ 'authors.name': 'Amos Oz' }).lean();
    expect(byAuthor?.title).toBe('My Michael');
    const inStock = await BookModel.find({ stock: { $gt: 0 } })
      .sort({ price: -1 })
      .select('title -_id')
      .lean();
    expect(inStock).toEqual([{ title: 'My Michael' }, { title: 'סיפור פשוט' }]);
    const term = /poe/i;
    const search = await BookModel.find({
      $or: [{ title: term }, { 'authors.name': term }, { tags: term }],
    }).lean();
    expect(search.map((b) => b.title)).toEqual(['Poems']);
    const updated = await BookModel.findOneAndUpdate(
      { title: 'Poems' },
      { $inc: { stock: 5 } },
      { returnDocument: 'after' },
    ).lean();
    expect(updated?.stock).toBe(5);
    expect(updated && 'updatedAt' in updated).toBe(true);
    const page = await BookModel.find()
      .sort({ title: 1 })
      .collation({ locale: 'he', strength: 1 })
      .skip(1)
      .limit(1)
      .lean();
    expect(page).toHaveLength(1);
    expect(await BookModel.countDocuments({ tags: 'prose' })).toBe(1);
  });

  it('rejects invalid documents through mongoose validation without touching the server', async () => {
    await expect(BookModel.create({ title: 'x', price: -1 })).rejects.toThrow(
      mongoose.Error.ValidationError,
    );
  });

  it('creates orders with lines, populates them and totals them with an aggregation', async () => {
    const user = await UserModel.create({ email: 'buyer@example.com', name: 'קונה' });
    const [a, b] = await BookModel.find().sort({ price: 1 }).limit(2);
    await OrderModel.create({
      user: user._id,
      lines: [
        { book: a?._id, qty: 2, price: a?.price },
        { book: b?._id, qty: 1, price: b?.price },
      ],
    });
    const order = await OrderModel.findOne({ user: user._id })
      .populate<{ user: User }>('user')
      .populate('lines.book')
      .lean();
    expect(order?.user.email).toBe('buyer@example.com');
    expect((order?.lines[0]?.book as unknown as Book).title).toBe(a?.title);
    const [total] = await OrderModel.aggregate([
      { $match: { user: user._id } },
      { $unwind: '$lines' },
      { $group: { _id: '$user', total: { $sum: { $multiply: ['$lines.qty', '$lines.price'] } } } },
    ]);
    expect(total.total).toBeCloseTo((a?.price ?? NaN) * 2 + (b?.price ?? NaN), 5);
    const withBooks = await OrderModel.aggregate([
      { $match: { user: user._id } },
      { $lookup: { from: 'books', localField: 'lines.book', foreignField: '_id', as: 'books' } },
      { $project: { n: { $size: '$books' } } },
    ]);
    expect(withBooks[0].n).toBe(2);
  });

  it('commits an order and its stock change together, or neither', async () => {
    const user = await UserModel.create({ email: 'tx@example.com', name: 'טרנזקציה' });
    const book = await BookModel.create({
      title: 'Tx',
      authors: [{ name: 'A' }],
      tags: [],
      price: 10,
      stock: 1,
    });
    const buy = (qty: number) =>
      conn.transaction(async (session) => {
        await OrderModel.create([{ user: user._id, lines: [{ book: book._id, qty, price: 10 }] }], {
          session,
        });
        const res = await BookModel.updateOne(
          { _id: book._id, stock: { $gte: qty } },
          { $inc: { stock: -qty } },
          { session },
        );
        if (res.modifiedCount !== 1) throw new Error('out of stock');
      });
    await expect(buy(5)).rejects.toThrow('out of stock');
    expect(await OrderModel.countDocuments({ user: user._id })).toBe(0);
    expect((await BookModel.findById(book._id).lean())?.stock).toBe(1);
    await buy(1);
    expect(await OrderModel.countDocuments({ user: user._id })).toBe(1);
    expect((await BookModel.findById(book._id).lean())?.stock).toBe(0);
  });

  it('upserts, updates many and deletes through the model API', async () => {
    await UserModel.updateOne(
      { email: 'up@example.com' },
      { $set: { name: 'חדש' } },
      { upsert: true },
    );
    expect((await UserModel.findOne({ email: 'up@example.com' }).lean())?.name).toBe('חדש');
    // Books of its own (the other tests' books stay out of the counts).
    await BookModel.insertMany([
      { title: 'Cheap A', price: 10, tags: ['upd'] },
      { title: 'Cheap B', price: 20, tags: ['upd', 'sale'] },
      { title: 'Dear', price: 100, tags: ['upd'] },
    ]);
    const res = await BookModel.updateMany(
      { tags: 'upd', price: { $lt: 60 } },
      { $addToSet: { tags: 'sale' } },
      { timestamps: false },
    );
    // Both cheap books match; only Cheap A changes ($addToSet of a present value is a no-op,
    // and without timestamps mongoose adds no $set of updatedAt).
    expect(res.matchedCount).toBe(2);
    expect(res.modifiedCount).toBe(1);
    expect((await BookModel.distinct('title', { tags: { $all: ['upd', 'sale'] } })).sort()).toEqual(
      ['Cheap A', 'Cheap B'],
    );
    const del = await BookModel.deleteMany({ tags: { $all: ['upd', 'sale'] } });
    expect(del.deletedCount).toBe(2);
    expect((await BookModel.find({ tags: 'upd' }).lean()).map((b) => b.title)).toEqual(['Dear']);
  });
});

describe('mongoose writes the ledger and the portal will send', () => {
  interface CartLine {
    sku: string;
    qty: number;
    updatedAt?: Date;
  }
  interface Cart {
    lines: CartLine[];
  }
  interface LedgerEntry {
    _id: string;
    amount: number;
  }

  it('updates a field of one line with child-document timestamps (two sibling paths of one element)', async () => {
    const lineSchema = new Schema<CartLine>({ sku: String, qty: Number }, { timestamps: true });
    const CartModel = conn.model<Cart>(
      'Cart',
      new Schema<Cart>({ lines: [lineSchema] }, { timestamps: true }),
    );
    const cart = await CartModel.create({
      lines: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 1 },
      ],
    });
    const before = cart.lines[1]?.updatedAt?.getTime() ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await CartModel.updateOne({ _id: cart._id, 'lines.sku': 'b' }, { $set: { 'lines.$.qty': 4 } });
    const after = await CartModel.findById(cart._id).orFail().lean();
    expect(after.lines.map((l) => [l.sku, l.qty])).toEqual([
      ['a', 1],
      ['b', 4],
    ]);
    expect(after.lines[1]?.updatedAt?.getTime()).toBeGreaterThan(before);
  });

  it('writes an entry keyed by its own id idempotently with findOneAndUpdate and upsert', async () => {
    const LedgerModel = conn.model<LedgerEntry>(
      'LedgerEntry',
      new Schema<LedgerEntry>({ _id: String, amount: Number }),
    );
    for (const amount of [10, 10]) {
      await LedgerModel.findOneAndUpdate(
        { _id: 'order-1:paid' },
        { _id: 'order-1:paid', amount },
        { upsert: true, new: true },
      );
    }
    expect(await LedgerModel.find().lean()).toEqual([{ _id: 'order-1:paid', amount: 10, __v: 0 }]);
  });
});
