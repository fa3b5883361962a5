import { orderReference } from './orders';

describe('order reference', () => {
  it("is the id's last 8 characters in capitals, the same for every screen and mail", () => {
    expect(orderReference('6b08811bc1d41fe09b61979a')).toBe('9B61979A');
    expect(orderReference('6B08811BC1D41FE09B61979A')).toBe('9B61979A');
  });

  it('keeps a short value whole and ignores surrounding spaces', () => {
    expect(orderReference(' a1b2 ')).toBe('A1B2');
  });
});
