import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, makeBook, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/catalogue/catalogue-browser';
import { CataloguePage } from './catalogue-page';

/** `total` books served 20 a page, like `GET /api/books`, narrowed by `?price=`. */
function catalogue(url: URL, total: number) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const all = Array.from({ length: total }, (_, i) =>
    makeBook(i + 1, { _id: `b${i + 1}`, title: `ספר ${i + 1}`, price: 20 + i }),
  );
  const price = url.searchParams.get('price');
  const matching = price === 'under-30' ? all.filter((b) => b.price < 30) : all;
  const books = matching.slice((page - 1) * limit, page * limit);
  return { body: { books, total: matching.length, page, limit, pages: 0 } };
}

const location = () => screen.getByTestId('location').dataset.search;

describe('catalogue page (/books)', () => {
  it('shows every book a page at a time, the count and a keyboard-friendly "load more"', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/books' ? catalogue(url, 25) : undefined,
    );
    renderRoute(<CataloguePage />, '/books', '/books');
    expect(screen.getByRole('heading', { level: 1, name: 'כל הספרים' })).toBeTruthy();
    await screen.findByRole('link', { name: 'ספר 1' });
    expect(screen.getByRole('status').textContent).toBe('נמצאו 25 ספרים');
    expect(calls).toEqual(['/api/books?sort=sales&page=1&limit=20']);
    const more = screen.getByRole('button', { name: 'הצגת ספרים נוספים' });
    more.focus();
    fireEvent.click(more);
    await screen.findByRole('link', { name: 'ספר 25' });
    // The keyboard goes on at the first new book.
    await waitFor(() => expect(document.activeElement?.getAttribute('href')).toBe('/book/b21'));
    expect(screen.queryByRole('button', { name: 'הצגת ספרים נוספים' })).toBeNull();
  });

  it('filters by price band and category into the URL; the back button returns', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/books' ? catalogue(url, 25) : undefined,
    );
    const { navigate } = renderRoute(<CataloguePage />, '/books', '/books');
    await screen.findByRole('link', { name: 'ספר 1' });
    const toggle = screen.getByRole('button', { name: 'סינון' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(screen.getByLabelText('מחיר'), { target: { value: 'under-30' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('נמצאו 10 ספרים'));
    expect(location()).toBe('?price=under-30');
    fireEvent.change(screen.getByLabelText('קטגוריה'), { target: { value: 'שירה' } });
    await waitFor(() =>
      expect(location()).toBe('?category=%D7%A9%D7%99%D7%A8%D7%94&price=under-30'),
    );
    expect(calls.at(-1)).toBe('/api/books?category=שירה&price=under-30&sort=sales&page=1&limit=20');
    act(() => void navigate(-1 as unknown as string));
    await waitFor(() => expect(location()).toBe('?price=under-30'));
    expect(screen.getByLabelText<HTMLSelectElement>('קטגוריה').value).toBe('');
  });

  it('empties the search box on Back even when the search reached the URL in the same render', async () => {
    fakeApi((url) => (url.pathname === '/api/books' ? catalogue(url, 25) : undefined));
    const { navigate } = renderRoute(<CataloguePage />, '/books', '/books?price=under-30');
    await screen.findByRole('link', { name: 'ספר 1' });
    fireEvent.change(screen.getByLabelText('קטגוריה'), { target: { value: 'שירה' } });
    await waitFor(() => expect(location()).toContain('category='));
    const box = screen.getByLabelText<HTMLInputElement>('חיפוש בכל הספרים');
    jest.useFakeTimers();
    try {
      fireEvent.change(box, { target: { value: 'ספר' } });
      // The pause ends (the search replaces the entry) and Back is pressed before React draws
      // the search: both reach the router in one render, whose search is the one it had.
      act(() => {
        jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
        void navigate(-1 as unknown as string);
      });
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(location()).toBe('?price=under-30'));
    await waitFor(() => expect(box.value).toBe(''));
    expect(screen.getByLabelText<HTMLSelectElement>('קטגוריה').value).toBe('');
  });

  it('opens at a shared URL with its filters applied and the panel open', async () => {
    const calls = fakeApi((url) =>
      url.pathname === '/api/books' ? catalogue(url, 25) : undefined,
    );
    renderRoute(<CataloguePage />, '/books', '/books?price=under-30&sort=price&search=ספר');
    await screen.findByRole('link', { name: 'ספר 1' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('תוצאות חיפוש עבור "ספר"');
    expect(screen.getByLabelText<HTMLInputElement>('חיפוש בכל הספרים').value).toBe('ספר');
    expect(screen.getByLabelText<HTMLSelectElement>('מחיר').value).toBe('under-30');
    expect(screen.getByRole('button', { name: /^סינון/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(calls).toContain('/api/books?q=ספר&price=under-30&sort=price&page=1&limit=20');
  });

  it("offers 'clear search' when nothing matches, and says why on an error", async () => {
    let fail = false;
    fakeApi((url) =>
      url.pathname !== '/api/books'
        ? undefined
        : fail
          ? { status: 500, body: { message: 'השרת נפל' } }
          : url.searchParams.get('q')
            ? { body: { books: [], total: 0, page: 1, limit: 20, pages: 0 } }
            : catalogue(url, 3),
    );
    renderRoute(<CataloguePage />, '/books', '/books?search=אין');
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('לא נמצאו ספרים')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'ניקוי החיפוש' }));
    await screen.findByRole('link', { name: 'ספר 3' });
    expect(location()).toBe('');
    fail = true;
    fireEvent.change(screen.getByLabelText('מיון לפי'), { target: { value: 'title' } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('שגיאה בטעינת הספרים')).toBeTruthy();
  });
});
