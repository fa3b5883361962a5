import { Types, type Connection } from 'mongoose';

/** Two books with their print options and files, as the catalogue keeps them. */
export async function insertBooks(connection: Connection): Promise<Types.ObjectId[]> {
  const ids = [new Types.ObjectId(), new Types.ObjectId()];
  await connection.collection('books').insertMany(
    ids.map((_id, i) => ({
      _id,
      title: i === 0 ? 'ירושלים של זהב' : 'לילות תל אביב',
      author: new Types.ObjectId(),
      authorName: 'נועה ברק',
      category: 'רומן',
      price: 60,
      size: i === 0 ? 'A5' : '13.5x21',
      readingFormat: 'rtl',
      paperType: '80g',
      printingType: 'bw',
      pages: 120 + i,
      files: {
        pdf: `books/${String(_id)}/interior.pdf`,
        coverPdf: `books/${String(_id)}/cover.pdf`,
      },
      isAvailable: true,
    })),
  );
  return ids;
}

/** A paid order of one or both books, as the payment notify leaves it. */
export async function insertPaidOrder(
  connection: Connection,
  books: Types.ObjectId[],
  status = 'paid',
): Promise<string> {
  const _id = new Types.ObjectId();
  await connection.collection('orders').insertOne({
    _id,
    user: { name: 'דנה לוי', email: 'dana@example.com', userId: new Types.ObjectId() },
    shippingAddress: {
      fullName: 'דנה לוי',
      street: 'הרצל 1',
      city: 'תל אביב',
      zip: '6100001',
      country: 'ישראל',
      phone: '0501234567',
    },
    books: books.map((book, i) => ({
      book: { _id: book, title: `ספר ${i}`, author: new Types.ObjectId(), authorName: 'נועה' },
      quantity: i + 1,
      priceAgorot: 6000,
    })),
    totalAmountAgorot: 6000 * books.length,
    donationAmountAgorot: 600 * books.length,
    shipping: {
      method: 'standard',
      region: 'center',
      priceAgorot: 1500,
      listPriceAgorot: 1500,
      freeBecause: null,
    },
    status,
    statusHistory: [{ status, at: new Date() }],
    paidAt: new Date(),
    print: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  return _id.toHexString();
}
