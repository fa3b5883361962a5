import { Types, type Connection } from 'mongoose';

/** The two books and their author that the order split's specs sell. */
export interface TwoBooks {
  authorId: Types.ObjectId;
  bookA: Types.ObjectId;
  bookB: Types.ObjectId;
}

/**
 * A paid order of 134.30 ₪ in books: 2 × 39.90 ₪ of book A and 1 × 54.50 ₪ of book B;
 * `shippingAgorot` paid on top of them (none: free).
 */
export async function twoBookOrder(
  db: Connection,
  { authorId, bookA, bookB }: TwoBooks,
  status = 'paid',
  shippingAgorot?: number,
): Promise<Types.ObjectId> {
  const line = (book: Types.ObjectId, title: string, quantity: number, priceAgorot: number) => ({
    book: { _id: book, title, author: authorId, authorName: 'נועה לוי', coverImage: '' },
    quantity,
    priceAgorot,
  });
  const order = await db.model('Order').create({
    user: { userId: new Types.ObjectId(), name: 'קונה', email: 'buyer@example.com' },
    shippingAddress: { fullName: 'קונה', street: 'הרצל 1', city: 'חיפה', zip: '3100000' },
    books: [line(bookA, 'ספר א', 2, 3990), line(bookB, 'ספר ב', 1, 5450)],
    totalAmountAgorot: 13430,
    donationAmountAgorot: 1343,
    ...(shippingAgorot !== undefined && { amountDueAgorot: 13430 + shippingAgorot }),
    status,
    paidAt: status === 'paid' ? new Date('2026-11-20T10:00:00Z') : null,
  });
  return order._id as Types.ObjectId;
}
