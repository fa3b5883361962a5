import { screen } from '@testing-library/react';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { RETURN_WINDOW_DAYS } from '@mechabrim/contracts/src/terms';
import { DOMESTIC_RATES } from '@mechabrim/money';
import { CommunityDonationPage } from './community-donation-page';
import { AuthorsTermsPage, ShippingPolicyPage, TermsPage } from './policy-pages';

describe('community donation page', () => {
  it("leads 'donate now' to the donation form, transfer details to the contact form, and 'join' to sign-up", () => {
    fakeApi(() => undefined);
    renderRoute(<CommunityDonationPage />, '/community-donation', '/community-donation');
    expect(screen.getByRole('link', { name: 'לתרומה עכשיו' }).getAttribute('href')).toBe('#donate');
    expect(screen.getByRole('heading', { level: 2, name: 'תרומה ישירה לקרן' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'פרטי העברה' }).getAttribute('href')).toBe(
      '/contact?subject=donation',
    );
    expect(screen.getByRole('link', { name: 'להצטרפות לקהילה' }).getAttribute('href')).toBe(
      '/register',
    );
  });
});

/** The sentences of a text (split after . ! ?). */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+/u).filter(Boolean);

describe("the authors' terms", () => {
  it('carries all 13 sections of the spec in real paragraphs, without slash gender forms', () => {
    fakeApi(() => undefined);
    renderRoute(<AuthorsTermsPage />, '/authors-terms', '/authors-terms');
    expect(screen.getByRole('heading', { level: 1, name: 'תקנון הסופרים' })).toBeTruthy();
    expect(screen.getByText('עודכן לאחרונה: 08.08.2025')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/קראו את התקנון בעיון/);
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      'הגדרות',
      'הרשמה וחשבון סופר',
      'רישיון',
      'התחייבויות הסופר',
      'מדיניות תוכן',
      'גילוי שימוש בבינה מלאכותית',
      'תגמול ותשלום',
      'מחירים ומבצעים',
      'הפקדת עותקים',
      'הגבלת אחריות ושיפוי',
      'פרטיות',
      'סיום השירות',
      'שינויים בתקנון',
    ]);
    for (const heading of screen.getAllByRole('heading', { level: 2 })) {
      const paragraphs = [...(heading.parentElement?.querySelectorAll('p') ?? [])].map(
        (p) => p.textContent ?? '',
      );
      // Real paragraphs: at least two per section, three sentences or more between them.
      expect([heading.textContent, paragraphs.length >= 2]).toEqual([heading.textContent, true]);
      expect(sentences(paragraphs.join(' ')).length).toBeGreaterThanOrEqual(3);
    }
    // Prices in the copy come from `formatPrice`: read without its direction marks.
    const text = (document.body.textContent ?? '')
      .replace(/[\u200e\u200f]/g, '')
      .replace(/\u00a0/g, ' ');
    expect(text).not.toMatch(/[א-ת]\/[א-ת]/);
    expect(text).toContain('85%');
    expect(text).toContain('500 ₪');
    expect(text).toContain('30 יום');
    expect(screen.getByText(/העלאת יצירה לאתר מהווה אישור שקראתם את תקנון הסופרים/)).toBeTruthy();
  });
});

describe('the site terms', () => {
  it('explains liability, intellectual property, privacy and the governing law in paragraphs', () => {
    fakeApi(() => undefined);
    renderRoute(<TermsPage />, '/terms', '/terms');
    const sections = screen.getAllByRole('heading', { level: 2 });
    expect(sections.map((h) => h.textContent)).toEqual([
      'הזמנות',
      'משלוחים, החזרות וביטולים',
      'הגבלת אחריות',
      'קניין רוחני',
      'פרטיות',
      'דין וסמכות שיפוט',
    ]);
    for (const heading of sections.slice(2, 5))
      expect(heading.parentElement?.querySelectorAll('p').length).toBeGreaterThanOrEqual(2);
    expect(document.body.textContent).toMatch(/בתי המשפט המוסמכים בתל אביב–יפו/);
  });
});

describe('the community donation page, from the ledger', () => {
  const fund = {
    total: 1_250.5,
    allocated: 800,
    balance: 450.5,
    months: [
      { month: '2026-04', received: 250.5, donations: 50, allocated: 800 },
      { month: '2026-03', received: 1_000, donations: 0, allocated: 0 },
    ],
    projects: [
      {
        id: 'p1',
        name: 'ספרייה קהילתית בדימונה',
        description: 'ספרים לילדים',
        target: 5_000,
        received: 800,
        status: 'active',
      },
    ],
  };

  it("shows the fund's own projects with their targets and receipts, and the fund by month", async () => {
    fakeApi((url) => (url.pathname === '/api/community/fund' ? { body: fund } : undefined));
    renderRoute(<CommunityDonationPage />, '/community-donation', '/community-donation');
    expect(
      await screen.findByRole('heading', { level: 3, name: 'ספרייה קהילתית בדימונה' }),
    ).toBeTruthy();
    expect(screen.queryByText('ספרייה בכל שכונה')).toBeNull();
    const progress = screen.getByRole('progressbar', {
      name: 'התקדמות הפרויקט ספרייה קהילתית בדימונה אל היעד',
    });
    expect(progress.getAttribute('value')).toBe('800');
    expect(progress.getAttribute('max')).toBe('5000');
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/אפריל 2026/);
    expect(rows[2]).toMatch(/מרץ 2026/);
  });

  it("keeps the spec's sample projects while the fund has none or the API does not answer", async () => {
    fakeApi(() => ({ status: 503, body: { message: 'השירות אינו זמין' } }));
    renderRoute(<CommunityDonationPage />, '/community-donation', '/community-donation');
    expect(screen.getByText('ספרייה בכל שכונה')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the shipping policy page (issue 27 item 22)', () => {
  /** Text as a reader sees it: prices without their direction marks. */
  const plain = (text: string | null) =>
    (text ?? '').replace(/[\u200e\u200f]/g, '').replace(/\u00a0/g, ' ');

  it('takes every delivery time from the shipping table of libs/money', () => {
    fakeApi(() => undefined);
    renderRoute(<ShippingPolicyPage />, '/shipping-policy', '/shipping-policy');
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => plain(cell.textContent)));
    const days = ({ min, max }: { min: number; max: number }) =>
      min === max ? `${min}` : `${min}–${max}`;
    expect(rows.map((row) => row[2])).toEqual([
      `${days(DOMESTIC_RATES.standard.delivery)} ימי עסקים`,
      `${days(DOMESTIC_RATES.express.delivery)} ימי עסקים`,
      'יום עסקים אחד',
      'מוכן תוך שעה',
    ]);
    expect(DOMESTIC_RATES['next-day'].delivery).toEqual({ min: 1, max: 1, unit: 'business-days' });
    expect(DOMESTIC_RATES.pickup.delivery).toEqual({ min: 1, max: 1, unit: 'hours' });
  });

  it('counts returns from the day the book arrived, in the same words as the site terms', () => {
    fakeApi(() => undefined);
    renderRoute(<ShippingPolicyPage />, '/shipping-policy', '/shipping-policy');
    const heading = screen.getByRole('heading', { level: 2, name: 'החזרות וביטולים' });
    const returns = [...(heading.nextElementSibling?.querySelectorAll('li') ?? [])].map((li) =>
      plain(li.textContent),
    );
    expect(returns[0]).toContain(
      `תוך ${RETURN_WINDOW_DAYS} יום מהיום שבו הגיע אליכם, כפי שקובע חוק הגנת הצרכן`,
    );
    expect(returns.join(' ')).not.toMatch(/מהמשלוח|מיום ההזמנה|מיום הרכישה/);
    expect(returns.join(' ')).toMatch(/דמי ביטול: 5% מסכום העסקה או 100 ₪/);

    document.body.innerHTML = '';
    renderRoute(<TermsPage />, '/terms', '/terms');
    const terms = screen.getByRole('heading', { level: 2, name: 'משלוחים, החזרות וביטולים' });
    const termsText = plain(terms.parentElement?.textContent ?? '');
    for (const line of returns) expect(termsText).toContain(line);
  });
});
