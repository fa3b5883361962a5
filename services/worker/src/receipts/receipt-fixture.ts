import { Types } from 'mongoose';

/** A paid order as the receipt code reads it, for specs (two lines and a paid delivery). */
export function paidOrderFixture(overrides: { name?: string } = {}) {
  return {
    _id: new Types.ObjectId(),
    user: {
      userId: null,
      name: overrides.name ?? 'דנה לוי',
      email: 'dana@example.com',
      firstName: 'דנה',
      lastName: 'לוי',
    },
    shippingAddress: {
      fullName: 'דנה לוי',
      street: 'הרצל 12',
      city: 'חיפה',
      zip: '3303412',
      country: 'ישראל',
      phone: '050-1234567',
    },
    books: [
      {
        book: {
          _id: new Types.ObjectId(),
          title: 'הים של תל אביב',
          author: new Types.ObjectId(),
          authorName: 'נועה כהן',
          coverImage: '',
        },
        quantity: 2,
        priceAgorot: 8900,
      },
      {
        book: {
          _id: new Types.ObjectId(),
          title: 'Python למתחילים',
          author: new Types.ObjectId(),
          authorName: 'Avi Levi',
          coverImage: '',
        },
        quantity: 1,
        priceAgorot: 12050,
      },
    ],
    totalAmountAgorot: 29850,
    donationAmountAgorot: 2985,
    shipping: {
      method: 'standard' as const,
      region: 'israel-centre' as const,
      priceAgorot: 2990,
      listPriceAgorot: 2990,
      freeBecause: null,
    },
    amountDueAgorot: 32840,
    paymentMethod: 'credit_card' as const,
    status: 'paid' as const,
    paidAt: new Date('2026-11-24T08:30:00Z'),
    payment: {
      provider: 'tranzila' as const,
      transactionId: 'TX-99812',
      confirmationCode: '0123456',
      amountAgorot: 32840,
      currency: 'ILS',
      cardLast4: '4580',
      failureCode: null,
      failureMessage: null,
      notifyLog: [],
    },
  };
}
