import {
  DOMESTIC_RATES,
  FREE_STANDARD_OVER,
  shekels,
  shippingQuote,
  toShekels,
} from '@mechabrim/money';
import { strings } from './strings.he';

const p = strings.policies;

/** Text as read: prices come from `formatPrice`, with Intl's direction marks and a no-break space. */
const plain = <T>(value: T): T =>
  JSON.parse(
    JSON.stringify(value)
      .replace(/[\u200e\u200f]/g, '')
      .replace(/\u00a0/g, ' '),
  ) as T;

describe('copy that cites money figures', () => {
  it('explains the 85/10/5 split with the amounts the policy gives a 100 ₪ book', () => {
    expect(plain(strings.home.splitText)).toBe(
      'מכל ספר ב־100 ₪: 85 ₪ לסופר (מהם מכוסות עלויות ההדפסה והמשלוח), 10 ₪ תרומה לקהילה (לארגון נכי צה״ל) ו־5 ₪ לתפעול האתר.',
    );
    expect(plain(p.howItWorks.flow.map((step) => step.value))).toEqual([
      '100 ₪',
      '10 ₪',
      '5 ₪',
      '85 ₪',
    ]);
    expect(strings.book.donationLine).toBe('10% מכל רכישה נתרמים לקהילה');
    expect(strings.about.split).toMatch(/^10% מכל רכישה, .* 5% נוספים/);
    expect(strings.home.donatedAmount).toBe(5642);
  });

  it('prints the shipping table from the rates the quote charges', () => {
    expect(plain(p.shipping.options)).toEqual([
      ['משלוח רגיל', '15 ₪', '3–5 ימי עסקים', 'לכל הארץ'],
      ['משלוח אקספרס', '25 ₪', '1–2 ימי עסקים', 'לכל הארץ'],
      ['משלוח ביום העסקים הבא', '35 ₪', 'יום עסקים אחד', 'אזור המרכז והשרון'],
      ['איסוף עצמי מסניף תל אביב', 'חינם', 'מוכן תוך שעה', 'מוכן לאיסוף בשעות הפעילות'],
    ]);
    const standard = shippingQuote('standard', {
      subtotal: shekels(10),
      bookCount: 1,
      isVip: false,
      region: 'israel-centre',
    });
    expect(standard.available && `${toShekels(standard.price)} ₪`).toBe(
      plain(p.shipping.options[0]?.[1]),
    );
    expect(toShekels(DOMESTIC_RATES.express.price)).toBe(25);
    expect(plain(p.shipping.free[0])).toContain(`מעל ${toShekels(FREE_STANDARD_OVER)} ₪`);
    expect(p.shipping.free[2]).toBe('הזמנה של יותר מ־3 ספרים — משלוח רגיל או אקספרס חינם.');
    expect(plain(p.shipping.international)).toEqual([
      'אירופה וארה״ב: 45 ₪ (7–14 ימים).',
      'אסיה ואוקיאניה: 55 ₪ (10–21 ימים).',
      'אפריקה ודרום אמריקה: 65 ₪ (14–28 ימים).',
      'ספרים בשווי של עד 50 דולר פטורים ממכס ברוב המדינות.',
    ]);
  });

  it('states the compensation, payout, bonus, cancellation and withdrawal figures', () => {
    const [shares, payouts, bonuses] = p.compensation.sections;
    expect(shares?.items).toEqual([
      'מכירה דיגיטלית: 70% לסופר, 20% לפלטפורמה, 10% לקהילה.',
      'מכירה של ספר מודפס: 60% לסופר, 25% לפלטפורמה (כולל הדפסה ומשלוח), 15% לקהילה.',
    ]);
    expect(plain(payouts?.items)).toEqual([
      'התשלום מועבר פעם בחודש, ב־15 לחודש.',
      'סכום מינימלי להעברה: 100 ₪. סכום נמוך יותר עובר לחודש הבא.',
    ]);
    expect(plain(bonuses?.items[0])).toBe('5% נוספים על מכירות חודשיות מעל 1,000 ₪.');
    expect(plain(p.terms.sections[1]?.items[3])).toBe(
      'דמי ביטול: 5% מסכום העסקה או 100 ₪, הנמוך מביניהם.',
    );
    const [split, withdrawal, monthly] = plain(p.authorsTerms.sections[6]?.paragraphs ?? []);
    expect(split).toMatch(/^מכל מכירה של ספר מקבלים הסופרים 85% .* 10% נתרמים לקהילה ו־5% /);
    expect(withdrawal).toContain(
      'אפשר למשוך רווחים שעדיין לא שולמו כשהסכום שנצבר מגיע ל־500 ₪, או 6 חודשים אחרי המכירה הראשונה ואחת ל־6 חודשים לאחר מכן',
    );
    expect(monthly).toContain('ב־15 בכל חודש, כשהיתרה מגיעה ל־100 ₪ לפחות');
    expect(p.donation.intro).toContain('5% מהרווחים ממכירות נבחרות');
  });
});

describe('text about one author, in the author’s grammatical gender', () => {
  const a = strings.authors;
  const one = strings.author;
  /** No slash forms like סופר/ת: a neutral rephrasing stands for an unknown gender. */
  const noSlash = (text: string) => expect([text, text.includes('/')]).toEqual([text, false]);

  it('featured title', () => {
    expect(a.featuredTitle('female')).toBe('סופרת השבוע');
    expect(a.featuredTitle('male')).toBe('סופר השבוע');
    expect(a.featuredTitle()).toBe('בזרקור השבוע');
  });

  it('joined', () => {
    expect(a.joined('3 במרץ 2024', 'female')).toBe('הצטרפה ב־3 במרץ 2024');
    expect(a.joined('3 במרץ 2024', 'male')).toBe('הצטרף ב־3 במרץ 2024');
    expect(a.joined('3 במרץ 2024')).toBe('בקהילה מאז 3 במרץ 2024');
  });

  it('link to the author page', () => {
    expect(a.toAuthorPage('female')).toBe('לעמוד הסופרת');
    expect(a.toAuthorPage('male')).toBe('לעמוד הסופר');
    noSlash(a.toAuthorPage());
  });

  it('result count: one in its gender, many in the plural', () => {
    expect(a.resultCount(1, 'female')).toBe('סופרת אחת');
    expect(a.resultCount(1, 'male')).toBe('סופר אחד');
    expect(a.resultCount(1)).toBe('תוצאה אחת');
    expect(a.resultCount(7, 'female')).toBe('7 סופרים');
    expect(a.resultCount(0)).toBe('0 סופרים');
  });

  it('no bio', () => {
    expect(one.noBio('female')).toBe('הסופרת עוד לא סיפרה על עצמה.');
    expect(one.noBio('male')).toBe('הסופר עוד לא סיפר על עצמו.');
    noSlash(one.noBio());
  });

  it('no books', () => {
    expect(one.noBooks('female')).toBe('עדיין אין ספרים זמינים מהסופרת');
    expect(one.noBooks('male')).toBe('עדיין אין ספרים זמינים מהסופר');
    noSlash(one.noBooks());
  });

  it('texts for a visitor whose gender is not known have no slash forms', () => {
    for (const text of [
      one.notFound,
      strings.book.reader,
      strings.auth.roleUser,
      strings.auth.roleAuthor,
      `${strings.auth.agreeTerms} ${strings.auth.terms} ${strings.auth.agreeAfter}`,
      ...Object.values(strings.profile.roles),
      strings.about.split,
    ])
      noSlash(text);
    expect(strings.about.split).toContain('והיתרה מגיעה למי שכתב את הספר');
  });
});

describe("issue 27: an editor's read of the storefront's copy", () => {
  const terms = [...p.terms.sections, ...p.authorsTerms.sections].flatMap((section) => [
    ...('items' in section ? section.items : []),
    ...('paragraphs' in section ? section.paragraphs : []),
  ]);
  const termsText = plain(terms.join('\n'));

  it('states delivery times from the shipping table and returns counted from delivery', () => {
    // The table charges 3–5 business days for standard, 1–2 for express: no '14 ימי עסקים בדואר רשום'.
    expect(termsText).toContain('3–5 ימי עסקים במשלוח רגיל');
    expect(termsText).toContain('1–2 ימי עסקים במשלוח אקספרס');
    expect(termsText).not.toMatch(/דואר רשום|בשליח/);
    expect(termsText).toContain('תוך 14 יום מהיום שבו הגיע אליכם');
    expect(termsText).not.toContain('מהמשלוח');
  });

  it('reads as Hebrew: grammar, the brand feminine, dates dd.mm.yyyy', () => {
    expect(termsText).toContain('ונבדוק את הפנייה');
    expect(termsText).toContain('כדי להציג לכם אותן');
    expect(termsText).toContain('נחשבת לפעולה שלכם');
    expect(termsText).toContain('שמורות לאתר מחברים');
    expect(strings.about.mission).toMatch(/^מחברים נולדה /);
    expect(p.updated).toBe('עודכן לאחרונה: 08.08.2025');
    expect(plain(p.shipping.international.at(-1))).toContain('עד 50 דולר');
  });

  it('never says a print-on-demand book is sold out', () => {
    expect(strings.book.soldOut).toBe('לא זמין כרגע');
    expect(strings.wishlist.soldOut('ספר')).toBe('לא זמין כרגע: ספר');
    expect(JSON.stringify(strings)).not.toContain('אזל');
  });

  it('gives one answer to where the community donation goes', () => {
    const said = [
      strings.home.splitText,
      strings.about.split,
      p.howItWorks.detail,
      p.donation.intro,
    ].map((text) => plain(text));
    for (const text of said) expect(text).toContain('ארגון נכי צה״ל');
    expect(said.join(' ')).not.toMatch(/חיילים פצועים|פרויקטים קהילתיים|לאחזקת/);
  });

  it('names in the upload guide the formats the upload form takes', () => {
    const prepare = p.upload.steps[0]?.text ?? '';
    expect(prepare).toContain('ב־PDF');
    expect(prepare).toContain('JPEG, PNG, WebP או GIF');
    expect(prepare).not.toMatch(/EPUB|DOCX|תקציר/);
  });
});
