import { formatPrice } from '@mechabrim/money';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AuthorStats } from '@mechabrim/contracts';
import { sessionStore } from '@mechabrim/session';
import { fakeApi, makeBook, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import AuthorPortalApp from '../../../app/app';

const stats: AuthorStats = {
  totalBooks: 4,
  activeBooks: 3,
  pendingBooks: 1,
  totalSales: 12,
  totalRevenue: 512.4,
  pendingRevenue: 80.5,
  expectedRevenue: 25.5,
  monthlySales: 2,
  monthlyRevenue: 90,
};
const zero: AuthorStats = {
  totalBooks: 0,
  activeBooks: 0,
  pendingBooks: 0,
  totalSales: 0,
  totalRevenue: 0,
  pendingRevenue: 0,
  expectedRevenue: 0,
  monthlySales: 0,
  monthlyRevenue: 0,
};
const books = [
  // Sold at 40 ₪ and once at an older price: the ledger's 110 ₪, not 3 × 40.
  makeBook(1, { salesCount: 3, price: 40, salesRevenue: 110 }),
  makeBook(2, { salesCount: 0, price: 55.5, isAvailable: false }),
  makeBook(3, { salesCount: 1, price: 60 }),
  makeBook(4, { salesCount: 8, price: 10 }),
];

const open = (path = '/author-dashboard') => renderRoute(<AuthorPortalApp />, '*', path);

const signIn = (role: 'author' | 'user' = 'author') =>
  act(() =>
    sessionStore.setState({
      user: { _id: 'a1', name: 'נועה לוי', email: 'noa@example.com', role },
      token: 't',
      loading: false,
    }),
  );

describe('the portal frame and its guards', () => {
  it('shows who is signed in, the six sections, upload and back to the site', async () => {
    signIn();
    fakeApi((url) => (url.pathname === '/api/stats/author' ? { body: stats } : { body: books }));
    open();
    const nav = screen.getByRole('navigation', { name: 'ניווט בפורטל הסופרים' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['סקירה', 'הספרים שלי', 'הזמנות', 'הכנסות', 'תשלומים', 'פרופיל']);
    expect(within(nav).getByRole('link', { name: 'סקירה' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByText('חשבון סופרים')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'העלאת ספר' }).getAttribute('href')).toBe(
      '/book/upload',
    );
    expect(screen.getByRole('link', { name: 'חזרה לאתר' }).getAttribute('href')).toBe('/');
    await screen.findByRole('heading', { name: 'שלום, נועה לוי' });
  });

  it('on the standalone portal, leads back to the store’s own origin', async () => {
    signIn();
    fakeApi((url) => (url.pathname === '/api/stats/author' ? { body: stats } : { body: books }));
    renderRoute(<AuthorPortalApp siteUrl="https://mechabrim.co.il/" />, '*', '/author-dashboard');
    expect(screen.getByRole('link', { name: 'חזרה לאתר' }).getAttribute('href')).toBe(
      'https://mechabrim.co.il/',
    );
    await screen.findByRole('heading', { name: 'שלום, נועה לוי' });
  });

  it('sends a reader from the dashboard to / and from the edit screen to /login', () => {
    signIn('user');
    fakeApi(() => undefined);
    const first = open('/author-dashboard/books');
    expect(screen.getByTestId('location').textContent).toBe('/');
    first.unmount();
    open('/book/edit/b1');
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});

describe('/author-dashboard', () => {
  it('shows the four figures and the first three books with their sales from the ledger', async () => {
    signIn();
    const calls = fakeApi((url) =>
      url.pathname === '/api/stats/author' ? { body: stats } : { body: books },
    );
    open();
    const cards = await screen.findByRole('list', { name: 'לוח הבקרה' });
    expect(cards.textContent).toContain('12');
    expect(cards.textContent).toContain(formatPrice(512.4));
    expect(cards.textContent).toContain(formatPrice(80.5));
    expect(cards.textContent).toContain(
      `מתוכן ${formatPrice(25.5)} צפויות מהזמנות שעוד לא נסגרו (עדיין לא סופי)`,
    );
    const activity = await screen.findAllByTestId('activity');
    expect(activity).toHaveLength(3);
    expect(activity[0]?.textContent).toContain('3 עותקים נמכרו');
    expect(activity[0]?.textContent).toContain(formatPrice(110));
    expect(activity[2]?.textContent).toContain('עותק אחד נמכר');
    expect(calls).toEqual(expect.arrayContaining(['/api/stats/author', '/api/books/author/a1']));
  });

  it('computes the figures from the books when the stats are all zero', async () => {
    signIn();
    fakeApi((url) => (url.pathname === '/api/stats/author' ? { body: zero } : { body: books }));
    open();
    await screen.findByText(/חושבו מרשימת הספרים/);
    const cards = screen.getByRole('list', { name: 'לוח הבקרה' });
    // 4 books, 12 copies, 110 (the ledger's) + 0 + 60 + 8×10 = 250 ₪.
    const values = within(cards)
      .getAllByRole('listitem')
      .map((li) => li.lastChild?.textContent);
    expect(values).toEqual(['4', '12', formatPrice(250), formatPrice(0)]);
  });

  it('says why the stats failed, retries, and can show the books alone', async () => {
    signIn();
    fakeApi((url) =>
      url.pathname === '/api/stats/author'
        ? { status: 503, body: { message: 'השירות אינו זמין' } }
        : { body: books },
    );
    open();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('שגיאה בטעינת לוח הבקרה')).toBeTruthy();
    expect(alert.textContent).toContain('503');
    fireEvent.click(within(alert).getByRole('button', { name: 'טעינת הספרים בלבד' }));
    await screen.findByText(/חושבו מרשימת הספרים/);
    expect(screen.getAllByTestId('activity')).toHaveLength(3);
  });

  it('retries the stats from the error screen', async () => {
    signIn();
    let fail = true;
    fakeApi((url) => {
      if (url.pathname === '/api/stats/author') {
        return fail ? { status: 500, body: { message: 'תקלה' } } : { body: stats };
      }
      return { body: books };
    });
    open();
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'לנסות שוב' }));
    const cards = await screen.findByRole('list', { name: 'לוח הבקרה' });
    expect(cards.textContent).toContain(formatPrice(512.4));
  });
});
