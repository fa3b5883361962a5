import { act, screen } from '@testing-library/react';
import { fakeApi, makeBook, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { BookPage } from './book-page';

describe('book page reviews', () => {
  beforeAll(() => {
    // Swiper (the related carousel) reads matchMedia and ResizeObserver.
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  });

  it('shows a review-shaped skeleton while the reviews load, then only approved ones', async () => {
    let release: () => void = () => undefined;
    const reviewsReady = new Promise<void>((resolve) => (release = resolve));
    fakeApi(async (url) => {
      if (url.pathname === '/api/books/b1') return { body: makeBook(1) };
      if (url.pathname === '/api/books/b1/comments') {
        await reviewsReady;
        return {
          body: [
            {
              _id: 'r1',
              bookId: 'b1',
              authorName: 'מאושרת',
              content: 'מומלץ',
              rating: 5,
              createdAt: '2025-01-01T00:00:00.000Z',
              isApproved: true,
            },
            {
              _id: 'r2',
              bookId: 'b1',
              authorName: 'בלי סימון',
              content: 'לא לפרסום',
              rating: 1,
              createdAt: '2025-01-01T00:00:00.000Z',
            },
          ],
        };
      }
      if (url.pathname === '/api/books') return { body: { books: [], total: 0 } };
      return undefined;
    });
    renderRoute(<BookPage />, '/book/:id', '/book/b1');
    await screen.findByRole('heading', { level: 1, name: 'ספר 1' });
    expect(screen.getByTestId('review-list-skeleton')).toBeTruthy();
    await act(async () => release());
    await screen.findByText('מומלץ');
    expect(screen.queryByTestId('review-list-skeleton')).toBeNull();
    expect(screen.queryByText('לא לפרסום')).toBeNull();
  });
});

describe('book page excerpt button', () => {
  function serve(book: Record<string, unknown>) {
    fakeApi((url) => {
      if (url.pathname === '/api/books/b1') return { body: book };
      if (url.pathname === '/api/books/b1/comments') return { body: [] };
      if (url.pathname === '/api/books') return { body: { books: [], total: 0 } };
      // The excerpt: this fake API has none (404).
      return undefined;
    });
  }

  it('is not shown for a book without an excerpt', async () => {
    serve({ ...makeBook(1), hasExcerpt: false });
    renderRoute(<BookPage />, '/book/:id', '/book/b1');
    await screen.findByRole('heading', { level: 1, name: 'ספר 1' });
    expect(screen.queryByRole('button', { name: 'קריאת קטע' })).toBeNull();
  });

  it('opens the reader, and Esc gives focus back to the button', async () => {
    serve({ ...makeBook(1), hasExcerpt: true });
    renderRoute(<BookPage />, '/book/:id', '/book/b1');
    const button = await screen.findByRole('button', { name: 'קריאת קטע' });
    button.focus();
    await act(async () => button.click());
    await screen.findByRole('dialog', { name: 'קטע מתוך ספר 1' });
    // The excerpt is missing here: the reader says so in Hebrew.
    expect(await screen.findByText('לספר הזה אין קטע לקריאה כרגע.')).toBeTruthy();
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('book page prices', () => {
  /** A price as read: without Intl's direction marks, the no-break space as a space. */
  const read = (element: Element | null | undefined) =>
    (element?.textContent ?? '').replace(/[\u200e\u200f]/g, '').replace(/\s+/g, ' ');

  it('shows the price as charged, 82.90 ₪, on the page and on the related carousel’s cards', async () => {
    fakeApi((url) => {
      if (url.pathname === '/api/books/b1') return { body: makeBook(1, { price: 82.9 }) };
      if (url.pathname === '/api/books/b1/comments') return { body: [] };
      if (url.pathname === '/api/books') {
        const related = [makeBook(2, { price: 83 }), makeBook(3, { price: 19.5 })];
        return { body: { books: related, total: related.length } };
      }
      return undefined;
    });
    const { container } = renderRoute(<BookPage />, '/book/:id', '/book/b1');
    await screen.findByRole('heading', { level: 1, name: 'ספר 1' });
    expect(read(container.querySelector('.book-main__price'))).toBe('82.90 ₪');
    await screen.findByRole('link', { name: 'ספר 3' });
    const cards = [...container.querySelectorAll('.mb-book-card__price')].map((el) => read(el));
    expect(cards).toEqual(expect.arrayContaining(['83 ₪', '19.50 ₪']));
    expect(cards).not.toContain('20 ₪');
  });
});

describe('book page details', () => {
  it("shows what the book's print specification knows: pages, size, paper, colour, binding, direction", async () => {
    fakeApi((url) => {
      if (url.pathname === '/api/books/b1')
        return {
          body: {
            ...makeBook(1),
            printSpec: {
              pages: 212,
              trim: { name: 'A5', widthMm: 148, heightMm: 210 },
              paper: '80g',
              printing: 'bw',
              readingDirection: 'rtl',
            },
          },
        };
      if (url.pathname === '/api/books/b1/comments') return { body: [] };
      if (url.pathname === '/api/books') return { body: { books: [], total: 0 } };
      return undefined;
    });
    renderRoute(<BookPage />, '/book/:id', '/book/b1');
    await screen.findByRole('heading', { level: 1, name: 'ספר 1' });
    const facts = Object.fromEntries(
      [...document.querySelectorAll('.book-facts > div')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent,
      ]),
    );
    expect(facts).toMatchObject({
      'מספר עמודים': '212',
      גודל: '148 × 210 מ״מ',
      נייר: '80 גרם',
      הדפסה: 'שחור־לבן',
      כריכה: 'כריכה רכה',
      'כיוון קריאה': 'מימין לשמאל',
    });
  });
});
