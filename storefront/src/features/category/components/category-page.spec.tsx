import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, makeBook, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { CategoryPage } from './category-page';

const FANTASY = 'פנטזיה';
const NOVEL = 'רומן';

/**
 * A category of `all` books served 20 a page, like `GET /api/books`; `?q=` keeps the titles
 * holding it (the API's own matching is tested with the API).
 */
function pagedBooks(url: URL, all: number, prefix: string) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const q = url.searchParams.get('q');
  const matching = Array.from({ length: all }, (_, i) =>
    makeBook(i + 1, { _id: `${prefix}${i + 1}`, title: `${prefix} ${i + 1}` }),
  ).filter((b) => !q || b.title.includes(q));
  const total = matching.length;
  const books = matching.slice((page - 1) * limit, page * limit);
  return { body: { books, total, page, limit, pages: Math.ceil(total / limit) } };
}

const gridTitles = () =>
  // One level below the page's h1 (axe: heading-order).
  screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');

describe('category page', () => {
  it("shows the API's total and pages through the rest with 'load more'", async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/books' ? pagedBooks(url, 45, 'פנטזיה') : undefined,
    );
    renderRoute(<CategoryPage />, '/category/:category', `/category/${FANTASY}`);
    await screen.findByRole('link', { name: 'פנטזיה 1' });
    expect(screen.getByText('45 ספרים זמינים')).toBeTruthy();
    expect(gridTitles()).toHaveLength(20);
    expect(screen.getByText('מוצגים 20 מתוך 45 ספרים')).toBeTruthy();
    expect(calls).toEqual([`/api/books?category=${FANTASY}&sort=sales&page=1&limit=20`]);

    fireEvent.click(screen.getByRole('button', { name: 'הצגת ספרים נוספים' }));
    await screen.findByRole('link', { name: 'פנטזיה 40' });
    // The loaded page stays; only the next page is asked for.
    expect(calls.at(-1)).toBe(`/api/books?category=${FANTASY}&sort=sales&page=2&limit=20`);
    fireEvent.click(screen.getByRole('button', { name: 'הצגת ספרים נוספים' }));
    await screen.findByRole('link', { name: 'פנטזיה 45' });
    expect(gridTitles()).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'הצגת ספרים נוספים' })).toBeNull();
  });

  it('sorts, searches and filters by price through the API, in the URL, the count following', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/books' ? pagedBooks(url, 30, 'פנטזיה') : undefined,
    );
    renderRoute(<CategoryPage />, '/category/:category', `/category/${FANTASY}`);
    await screen.findByRole('link', { name: 'פנטזיה 1' });
    fireEvent.change(screen.getByLabelText('מיון לפי'), { target: { value: 'price' } });
    await waitFor(() => expect(calls.at(-1)).toContain('sort=price&page=1'));
    // The search is the API's: 'פנטזיה 27' is on page 2 of the unfiltered category.
    fireEvent.change(screen.getByLabelText('חיפוש בקטגוריה'), { target: { value: '27' } });
    // After the search box's 300 ms pause, on a busy machine.
    await screen.findByRole('link', { name: 'פנטזיה 27' });
    expect(gridTitles()).toEqual(['פנטזיה 27']);
    expect(screen.getByText('ספר אחד זמין')).toBeTruthy();
    expect(calls.at(-1)).toBe(`/api/books?q=27&category=${FANTASY}&sort=price&page=1&limit=20`);
    expect(screen.getByTestId('location').dataset.search).toBe('?search=27&sort=price');
    fireEvent.click(screen.getByRole('button', { name: 'סינון' }));
    fireEvent.change(screen.getByLabelText('מחיר'), { target: { value: 'over-50' } });
    await waitFor(() => expect(calls.at(-1)).toContain('price=over-50'));
    // The category is the path's: no category control here.
    expect(screen.queryByLabelText('קטגוריה')).toBeNull();
  });

  it('switching category shows a skeleton, never the previous books, and resets search and sort', async () => {
    let releaseNovels: () => void = () => undefined;
    const novelsReady = new Promise<void>((resolve) => (releaseNovels = resolve));
    fakeApi(async (url) => {
      if (url.pathname !== '/api/books') return undefined;
      if (url.searchParams.get('category') === NOVEL) {
        await novelsReady;
        return pagedBooks(url, 3, 'רומן');
      }
      return pagedBooks(url, 5, 'פנטזיה');
    });
    const { navigate } = renderRoute(
      <CategoryPage />,
      '/category/:category',
      `/category/${FANTASY}`,
    );
    await screen.findByRole('link', { name: 'פנטזיה 1' });
    fireEvent.change(screen.getByLabelText('חיפוש בקטגוריה'), { target: { value: 'פנטזיה 2' } });
    fireEvent.change(screen.getByLabelText('מיון לפי'), { target: { value: 'title' } });

    act(() => void navigate(`/category/${NOVEL}`));
    await screen.findByRole('heading', { level: 1, name: NOVEL });
    expect(screen.queryAllByRole('link', { name: /^פנטזיה \d/ })).toEqual([]);
    expect(screen.getAllByTestId('book-card-skeleton').length).toBeGreaterThan(0);
    expect(screen.getAllByText('טוען…').length).toBeGreaterThan(0);
    expect(screen.getByLabelText<HTMLInputElement>('חיפוש בקטגוריה').value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('מיון לפי').value).toBe('sales');

    await act(async () => releaseNovels());
    await screen.findByRole('link', { name: 'רומן 3' });
    expect(screen.getByText('3 ספרים זמינים')).toBeTruthy();
  });

  it('says so when the category has no books', async () => {
    fakeApi((url) => (url.pathname === '/api/books' ? pagedBooks(url, 0, 'x') : undefined));
    renderRoute(<CategoryPage />, '/category/:category', `/category/${FANTASY}`);
    await screen.findByText('אין ספרים זמינים בקטגוריה');
    expect(screen.getByText('0 ספרים זמינים')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'חזרה לדף הבית' }).getAttribute('href')).toBe('/');
  });

  it("says no books were found when the search matches none, with 'clear search'", async () => {
    fakeApi((url) => (url.pathname === '/api/books' ? pagedBooks(url, 3, 'פנטזיה') : undefined));
    renderRoute(<CategoryPage />, '/category/:category', `/category/${FANTASY}`);
    await screen.findByRole('link', { name: 'פנטזיה 1' });
    fireEvent.change(screen.getByLabelText('חיפוש בקטגוריה'), { target: { value: 'אין כזה' } });
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('לא נמצאו ספרים')).toBeTruthy();
    expect(screen.getByText('0 ספרים זמינים')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'ניקוי החיפוש' }));
    await screen.findByRole('link', { name: 'פנטזיה 1' });
    expect(screen.getByLabelText<HTMLInputElement>('חיפוש בקטגוריה').value).toBe('');
    expect(screen.getByText('3 ספרים זמינים')).toBeTruthy();
  });

  it('shows the error with a working "try again"', async () => {
    let fail = true;
    fakeApi((url) =>
      url.pathname !== '/api/books'
        ? undefined
        : fail
          ? { status: 500, body: { statusCode: 500, message: 'השרת נפל' } }
          : pagedBooks(url, 2, 'פנטזיה'),
    );
    renderRoute(<CategoryPage />, '/category/:category', `/category/${FANTASY}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('שגיאה בטעינת הספרים')).toBeTruthy();
    expect(within(alert).getByText('השרת נפל')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'לנסות שוב' }));
    await screen.findByRole('link', { name: 'פנטזיה 2' });
  });

  it('names an unknown category and asks nothing of the API', async () => {
    const calls = fakeApi(() => undefined);
    renderRoute(<CategoryPage />, '/category/:category', '/category/no-such-shelf');
    expect(screen.getByRole('heading', { level: 1, name: 'קטגוריה לא מוכרת' })).toBeTruthy();
    expect(screen.getByText('לא מצאנו קטגוריה בשם הזה.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
