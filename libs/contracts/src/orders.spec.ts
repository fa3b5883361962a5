import { buyerOrderStatusHe, ORDER_STATUS_HE, orderReference } from './orders';

describe('order reference', () => {
  it("is the id's last 8 characters in capitals, the same for every screen and mail", () => {
    expect(orderReference('6b08811bc1d41fe09b61979a')).toBe('9B61979A');
    expect(orderReference('6B08811BC1D41FE09B61979A')).toBe('9B61979A');
  });

  it('keeps a short value whole and ignores surrounding spaces', () => {
    expect(orderReference(' a1b2 ')).toBe('A1B2');
  });
});

describe("the buyer's word for an order's status", () => {
  it('reads a pickup order as ready at the Tel Aviv branch, then picked up', () => {
    expect(buyerOrderStatusHe('shipped', 'pickup')).toBe('מוכנה לאיסוף בסניף תל אביב');
    expect(buyerOrderStatusHe('delivered', 'pickup')).toBe('נאספה');
    expect(buyerOrderStatusHe('processing', 'pickup')).toBe(ORDER_STATUS_HE.processing);
  });

  it('reads a delivered order, or one from before shipping was recorded, as the stored status', () => {
    expect(buyerOrderStatusHe('shipped', 'express')).toBe('נשלחה');
    expect(buyerOrderStatusHe('delivered', null)).toBe('נמסרה');
  });
});
