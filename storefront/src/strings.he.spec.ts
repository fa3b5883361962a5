import {
  DOMESTIC_RATES,
  FREE_STANDARD_OVER,
  shekels,
  shippingQuote,
  toShekels,
} from '@mechabrim/money';
import { strings } from './strings.he';

const p = strings.policies;

describe('copy that cites money figures', () => {
  it('explains the 85/10/5 split with the amounts the policy gives a 100 ₪ book', () => {
    expect(strings.home.splitText).toBe(
      'מכל ספר ב־100 ₪: 85 ₪ לסופר (מהם מכוסות עלויות ההדפסה והמשלוח), 10 ₪ לקהילה ו־5 ₪ לאחזקת האתר.',
    );
    expect(p.howItWorks.flow.map((step) => step.value)).toEqual(['100 ₪', '10 ₪', '5 ₪', '85 ₪']);
    expect(strings.book.donationLine).toBe('10% מכל רכישה נתרמים לקהילה');
    expect(strings.about.split).toMatch(/^10% מכל רכישה .* 5% נוספים/);
    expect(strings.home.donatedAmount).toBe(5642);
  });

  it('prints the shipping table from the rates the quote charges', () => {
    expect(p.shipping.options).toEqual([
      ['משלוח רגיל', '15 ₪', '3–5 ימי עסקים', 'לכל הארץ'],
      ['משלוח מהיר', '25 ₪', '1–2 ימי עסקים', 'לכל הארץ'],
      ['משלוח ליום המחרת', '35 ₪', 'יום עסקים אחד', 'אזור המרכז והשרון'],
      ['איסוף עצמי', 'חינם', 'מוכן תוך שעה', 'סניף תל אביב בלבד'],
    ]);
    const standard = shippingQuote('standard', {
      subtotal: shekels(10),
      bookCount: 1,
      isVip: false,
      region: 'israel-centre',
    });
    expect(standard.available && `${toShekels(standard.price)} ₪`).toBe(p.shipping.options[0]?.[1]);
    expect(toShekels(DOMESTIC_RATES.express.price)).toBe(25);
    expect(p.shipping.free[0]).toContain(`מעל ${toShekels(FREE_STANDARD_OVER)} ₪`);
    expect(p.shipping.free[2]).toBe('הזמנה של יותר מ־3 ספרים — משלוח רגיל או מהיר חינם.');
    expect(p.shipping.international).toEqual([
      'אירופה וארה״ב: 45 ₪ (7–14 ימים).',
      'אסיה ואוקיאניה: 55 ₪ (10–21 ימים).',
      'אפריקה ודרום אמריקה: 65 ₪ (14–28 ימים).',
      'ספרים בשווי של עד 50$ פטורים ממכס ברוב המדינות.',
    ]);
  });

  it('states the compensation, payout, bonus, cancellation and withdrawal figures', () => {
    const [shares, payouts, bonuses] = p.compensation.sections;
    expect(shares?.items).toEqual([
      'מכירה דיגיטלית: 70% לסופר, 20% לפלטפורמה, 10% לקהילה.',
      'מכירה של ספר מודפס: 60% לסופר, 25% לפלטפורמה (כולל הדפסה ומשלוח), 15% לקהילה.',
    ]);
    expect(payouts?.items).toEqual([
      'התשלום מועבר פעם בחודש, ב־15 לחודש.',
      'סכום מינימלי להעברה: 100 ₪. סכום נמוך יותר עובר לחודש הבא.',
    ]);
    expect(bonuses?.items[0]).toBe('5% נוספים על מכירות חודשיות מעל 1,000 ₪.');
    expect(p.terms.sections[1]?.items[3]).toBe(
      'דמי ביטול: 5% מסכום העסקה או 100 ₪, הנמוך מביניהם.',
    );
    const [split, withdrawal, monthly] = p.authorsTerms.sections[6]?.paragraphs ?? [];
    expect(split).toMatch(/^מכל מכירה של ספר מקבלים הסופרים 85% .* 10% נתרמים לקהילה ו־5% /);
    expect(withdrawal).toContain(
      'אפשר למשוך רווחים שטרם שולמו כשהסכום שנצבר מגיע ל־500 ₪, או 6 חודשים אחרי המכירה הראשונה ואחת ל־6 חודשים לאחר מכן',
    );
    expect(monthly).toContain('ב־15 בכל חודש, כשהיתרה מגיעה ל־100 ₪ לפחות');
    expect(p.donation.intro).toMatch(/^5% מהרווחים/);
  });
});
