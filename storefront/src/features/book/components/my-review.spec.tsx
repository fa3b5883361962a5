import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyBookReview, Review } from '@mechabrim/contracts';
import { sessionStore } from '@mechabrim/session';
import { fakeApi, makeBook, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { BookPage } from './book-page';
import { MyReviewPanel } from './my-review';

const signIn = () =>
  act(() =>
    sessionStore.setState({
      user: { _id: 'u1', name: 'דנה', email: 'dana@example.com', role: 'user' },
      token: 't',
      loading: false,
    }),
  );

/** A fake API whose GETs answer from `mine`, and which records every write. */
function serve(mine: () => MyBookReview) {
  const writes: string[] = [];
  fakeApi((url) => {
    if (url.pathname === '/api/books/b1/comments/mine') return { body: mine() };
    return undefined;
  });
  const get = globalThis.fetch as jest.Mock;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!init?.method || init.method === 'GET') return get(input, init) as Promise<Response>;
    writes.push(`${init.method} ${new URL(String(input)).pathname} ${String(init.body)}`);
    const text = JSON.stringify({ message: 'ok', review: mine().review });
    return { ok: true, status: 201, text: async () => text } as Response;
  });
  return writes;
}

describe("the reader's own review on a book page", () => {
  afterEach(() => act(() => sessionStore.setState({ user: null, token: null, loading: false })));

  it('invites a guest to sign in', () => {
    fakeApi(() => undefined);
    renderRoute(<MyReviewPanel bookId="b1" />, '*', '/book/b1');
    expect(screen.getByRole('link', { name: 'התחברות' })).toBeTruthy();
  });

  it('says why a reader who has not received the book cannot review it', async () => {
    signIn();
    serve(() => ({
      review: null,
      canReview: false,
      reason: 'אפשר יהיה לכתוב ביקורת אחרי שהספר יגיע אליכם',
    }));
    renderRoute(<MyReviewPanel bookId="b1" />, '*', '/book/b1');
    await screen.findByText('אפשר יהיה לכתוב ביקורת אחרי שהספר יגיע אליכם');
    expect(screen.queryByRole('button', { name: 'שליחת הביקורת' })).toBeNull();
  });

  it('checks the Hebrew limits, then sends a half-star review that waits for moderation', async () => {
    signIn();
    let sent = false;
    const writes = serve(() =>
      sent
        ? {
            canReview: false,
            review: {
              _id: 'r9',
              bookId: 'b1',
              rating: 4.5,
              title: 'ספר נהדר',
              content: 'קראתי בנשימה אחת וממליצה',
              status: 'pending',
              rejectionReason: '',
              createdAt: '2026-11-29T00:00:00.000Z',
              updatedAt: '2026-11-29T00:00:00.000Z',
            },
          }
        : { review: null, canReview: true },
    );
    renderRoute(<MyReviewPanel bookId="b1" />, '*', '/book/b1');
    const send = await screen.findByRole('button', { name: 'שליחת הביקורת' });
    fireEvent.change(screen.getByLabelText(/כותרת/), { target: { value: 'ספר נהדר' } });
    fireEvent.change(screen.getByLabelText(/^הביקורת/), { target: { value: 'קצר' } });
    fireEvent.click(send);
    await screen.findByText(/הביקורת קצרה מדי/);
    expect(writes).toEqual([]);
    fireEvent.change(screen.getByLabelText(/דירוג/), { target: { value: '4.5' } });
    fireEvent.change(screen.getByLabelText(/^הביקורת/), {
      target: { value: 'קראתי בנשימה אחת וממליצה' },
    });
    sent = true;
    fireEvent.click(send);
    await screen.findByText('הביקורת ממתינה לאישור ותפורסם בקרוב');
    expect(writes).toEqual([
      'POST /api/books/b1/comments {"rating":4.5,"title":"ספר נהדר","content":"קראתי בנשימה אחת וממליצה"}',
    ]);
    expect(screen.getByRole('button', { name: 'עריכה' })).toBeTruthy();
  });
});

describe('a published review', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  });

  it('shows its title as text, the verified-purchase mark and the helpful count', async () => {
    const review: Review = {
      _id: 'r1',
      bookId: 'b1',
      authorName: 'יעל',
      title: '<b>מרגש</b>',
      content: 'מומלץ מאוד',
      rating: 4.5,
      createdAt: '2026-01-01T00:00:00.000Z',
      isApproved: true,
      verifiedPurchase: true,
      helpfulCount: 3,
    };
    fakeApi((url) => {
      if (url.pathname === '/api/books/b1') return { body: makeBook(1) };
      if (url.pathname === '/api/books/b1/comments') return { body: [review] };
      if (url.pathname === '/api/books') return { body: { books: [], total: 0 } };
      return undefined;
    });
    renderRoute(<BookPage />, '/book/:id', '/book/b1');
    const item = (await screen.findByText('מומלץ מאוד')).closest('li') as HTMLElement;
    expect(within(item).getByText('<b>מרגש</b>')).toBeTruthy();
    expect(within(item).getByText('רכישה מאומתת')).toBeTruthy();
    expect(within(item).getByText('הביקורת עזרה ל־3 אנשים')).toBeTruthy();
    // A guest who marks it helpful is sent to sign in.
    fireEvent.click(within(item).getByRole('button', { name: 'הביקורת עזרה לי' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });

  it("offers no helpful or report action on the reader's own review, and both on others'", async () => {
    const published = (id: string, content: string): Review => ({
      _id: id,
      bookId: 'b1',
      authorName: 'דנה',
      title: 'כותרת',
      content,
      rating: 4,
      createdAt: '2026-01-01T00:00:00.000Z',
      isApproved: true,
      verifiedPurchase: true,
    });
    fakeApi((url) => {
      if (url.pathname === '/api/books/b1') return { body: makeBook(1) };
      if (url.pathname === '/api/books/b1/comments')
        return {
          body: [published('r-own', 'הביקורת שלי'), published('r-other', 'ביקורת של קוראת אחרת')],
        };
      if (url.pathname === '/api/books/b1/comments/mine')
        return {
          body: {
            review: {
              _id: 'r-own',
              bookId: 'b1',
              rating: 4,
              title: 'כותרת',
              content: 'הביקורת שלי',
              status: 'approved',
              rejectionReason: '',
              createdAt: '2026-01-01T00:00:00.000Z',
              updatedAt: '2026-01-01T00:00:00.000Z',
            },
            canReview: false,
          } satisfies MyBookReview,
        };
      if (url.pathname === '/api/books') return { body: { books: [], total: 0 } };
      return undefined;
    });
    signIn();
    renderRoute(<BookPage />, '/book/:id', '/book/b1');
    const other = (await screen.findByText('ביקורת של קוראת אחרת')).closest('li') as HTMLElement;
    expect(within(other).getByRole('button', { name: 'הביקורת עזרה לי' })).toBeTruthy();
    const own = (await screen.findAllByText('הביקורת שלי'))
      .map((text) => text.closest('li'))
      .find((li): li is HTMLLIElement => li?.classList.contains('book-review') ?? false);
    await waitFor(() =>
      expect(
        within(own as HTMLElement).queryByRole('button', { name: 'הביקורת עזרה לי' }),
      ).toBeNull(),
    );
    expect(
      within(own as HTMLElement).queryByRole('button', { name: 'דיווח על הביקורת' }),
    ).toBeNull();
    act(() => sessionStore.setState({ user: null, token: null, loading: false }));
  });
});
