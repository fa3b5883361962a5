import { Types, type Connection } from 'mongoose';

/**
 * `count` paid orders of 1–5 lines over 50 books of one author (each with a print quote), not
 * split yet: what the order-split benches hand to the worker. Answers the orders' ids.
 */
export async function seedOrders(db: Connection, count: number): Promise<Types.ObjectId[]> {
  const author = new Types.ObjectId();
  const books = Array.from({ length: 50 }, (_, i) => ({
    _id: new Types.ObjectId(),
    title: `ספר ${i}`,
    author,
    category: 'רומן',
    price: 40 + i,
    isAvailable: true,
    salesCount: 0,
    // A print quote on every book: the split writes a `print` entry for each line.
    printCost: { agorot: 1500, quotedAt: new Date(), podPackageId: 'A5-BW-80', pages: 200 },
  }));
  await db.collection('books').insertMany(books);
  const ids: Types.ObjectId[] = [];
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, k) => {
      const i = start + k;
      const lines = Array.from({ length: 1 + (i % 5) }, (_, j) => {
        const book = books[(i + j * 7) % books.length] ?? books[0];
        return {
          book: { _id: book?._id, title: book?.title, author },
          quantity: 1 + ((i + j) % 3),
          priceAgorot: 3990 + ((i * 13 + j) % 5000),
        };
      });
      const _id = new Types.ObjectId();
      ids.push(_id);
      return {
        _id,
        user: { userId: new Types.ObjectId(), name: 'קונה', email: `b${i}@example.com` },
        shippingAddress: { fullName: 'קונה', street: 'הרצל 1', city: 'חיפה', zip: '3100000' },
        books: lines,
        totalAmountAgorot: lines.reduce((sum, l) => sum + l.priceAgorot * l.quantity, 0),
        donationAmountAgorot: 0,
        status: 'paid',
        paidAt: new Date(),
        splitAt: null,
      };
    });
    await db.collection('orders').insertMany(batch);
  }
  return ids;
}
