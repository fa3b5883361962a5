import { visualOrder } from './bidi';

describe('visualOrder', () => {
  it('reverses Hebrew and keeps numbers and Latin words left to right', () => {
    expect(visualOrder('שלום')).toBe('םולש');
    expect(visualOrder('סה״כ 123.45 ₪')).toBe('₪ 123.45 כ״הס');
    expect(visualOrder('תשלום ב-PayPal היום')).toBe('םויה PayPal-ב םולשת');
  });

  it('mirrors brackets inside right-to-left text', () => {
    expect(visualOrder('ספר (כרך 2)')).toBe('(2 ךרכ) רפס');
  });

  it('keeps a pure left-to-right line as it is', () => {
    expect(visualOrder('0123456789')).toBe('0123456789');
    expect(visualOrder('')).toBe('');
  });
});
