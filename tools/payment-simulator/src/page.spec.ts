import { cardFormPage } from './page';

/** The page's text without tags and bidi marks. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/[\u200e\u200f]/g, '')
    .replace(/\u00a0/g, ' ');

describe('the hosted card form', () => {
  it('shows the sum in he-IL with the shekel sign', () => {
    const page = text(cardFormPage('/pay', { sum: '1188.8', currency: '1' }));
    expect(page).toMatch(/סכום לתשלום: 1,188\.80 ₪/);
  });

  it('shows a sum that is not a number as given, escaped', () => {
    expect(cardFormPage('/pay', { sum: '<b>' })).toContain('&lt;b&gt;');
  });
});
