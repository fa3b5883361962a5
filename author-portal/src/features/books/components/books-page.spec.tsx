import { formatPrice } from '@mechabrim/money';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@mechabrim/query';
import { MemoryRouter } from '@mechabrim/routing';
import type { Book } from '@mechabrim/contracts';
import { sessionStore } from '@mechabrim/session';
import { fakeApi, makeBook, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { BooksPage } from './books-page';

const open = () => renderRoute(<BooksPage />, '/author-dashboard/books', '/author-dashboard/books');

beforeEach(() => {
  act(() =>
    sessionStore.setState({
      user: { _id: 'a1', name: 'נועה לוי', email: 'noa@example.com', role: 'author' },
      token: 't',
      loading: false,
    }),
  );
});

/** A fake API holding the author's books, answering the list, hide/show and delete. */
function library(initial: Book[], fail?: 'put' | 'delete') {
  let books = [...initial];
  const methods: string[] = [];
  const calls = fakeApi(() => ({ body: books }));
  const fetchList = globalThis.fetch as jest.Mock;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const id = new URL(String(input)).pathname.split('/').pop() ?? '';
    if (method === 'GET') return fetchList(input, init) as Promise<Response>;
    methods.push(`${method} ${id}`);
    const answer = (status: number, body: unknown) =>
      ({ ok: status < 300, status, text: async () => JSON.stringify(body) }) as Response;
    if (fail === (method === 'PUT' ? 'put' : 'delete')) {
      return answer(403, { message: 'אין לכם הרשאה לשנות ספר זה' });
    }
    const book = books.find((b) => b._id === id) as Book;
    if (method === 'PUT') {
      const { isAvailable } = JSON.parse(String(init?.body)) as { isAvailable: boolean };
      books = books.map((b) => (b._id === id ? { ...b, isAvailable } : b));
    } else {
      books = books.filter((b) => b._id !== id);
    }
    return answer(200, { message: 'ok', book });
  });
  return { calls, methods };
}

const available = makeBook(1, {
  category: '',
  coverImage: '',
  salesCount: 7,
  rating: 4.26,
  totalRatings: 12,
  price: 59.9,
  approvalStatus: 'approved',
});
const pending = makeBook(2, {
  isAvailable: false,
  approvalStatus: 'pending',
  rating: 0,
  totalRatings: 0,
});
const hidden = makeBook(3, { isAvailable: false, approvalStatus: 'approved' });

describe('/author-dashboard/books', () => {
  it('lists the books by tab with counts and each card’s details', async () => {
    const { calls } = library([available, pending, hidden]);
    open();
    const cards = await screen.findAllByTestId('book-card');
    expect(calls).toEqual(['/api/books/author/a1']);
    expect(cards).toHaveLength(3);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['הכול (3)', 'זמינים (1)', 'ממתינים לאישור (2)']);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('heading').textContent).toBe('ספר 1');
    expect(first.textContent).toContain('ללא קטגוריה');
    expect(first.textContent).toContain('זמין');
    expect(first.textContent).toContain('7 מכירות');
    expect(first.textContent).toContain('4.3 (12 דירוגים)');
    expect(first.textContent).toContain(formatPrice(59.9));
    expect(within(first).getByRole('link', { name: 'עריכה ספר 1' }).getAttribute('href')).toBe(
      '/book/edit/b1',
    );
    // A book nobody rated yet says so, not '★ 0.0 (0 דירוגים)'.
    expect(cards[1]?.textContent).toContain('עוד אין דירוגים');
    expect(cards[1]?.textContent).not.toContain('דירוגים)');
    expect(cards[1]?.textContent).toContain('ממתין לאישור');
    expect(cards[2]?.textContent).toContain('מוסתר');

    fireEvent.click(screen.getByRole('tab', { name: 'ממתינים לאישור (2)' }));
    expect(screen.getAllByTestId('book-card').map((card) => card.dataset.standing)).toEqual([
      'pending',
      'hidden',
    ]);
  });

  it('shows a book’s edit waiting for approval on its card, and a rejected edit with its reason (issue 27)', async () => {
    library([
      {
        ...available,
        latestEdit: {
          status: 'pending_approval',
          submittedAt: '2026-11-20T10:00:00.000Z',
          changed: ['title', 'price'],
          reason: '',
        },
      },
      {
        ...hidden,
        latestEdit: {
          status: 'rejected',
          submittedAt: '2026-11-02T10:00:00.000Z',
          changed: ['summary'],
          reason: 'התיאור חושף את הסוף',
        },
      },
      pending,
    ]);
    open();
    const edits = await screen.findAllByTestId('book-edit');
    expect(edits.map((edit) => edit.dataset.state)).toEqual(['pending_approval', 'rejected']);
    expect(edits[0]?.textContent).toContain('שינויים שנשלחו ב־20.11.2026 ממתינים לאישור');
    expect(edits[0]?.textContent).toContain('שינויים ב: שם הספר, מחיר');
    expect(edits[1]?.textContent).toContain('השינויים שנשלחו ב־2.11.2026 לא אושרו');
    expect(edits[1]?.textContent).toContain('הסיבה: התיאור חושף את הסוף');
  });

  it('hides and shows a book, then lists it again as the server has it', async () => {
    const { methods } = library([available]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'הסתרה ספר 1' }));
    await screen.findByText('הספר "ספר 1" הוסתר מהחנות.');
    fireEvent.click(await screen.findByRole('button', { name: 'הצגה ספר 1' }));
    await screen.findByText('הספר "ספר 1" מוצג שוב בחנות.');
    expect(methods).toEqual(['PUT b1', 'PUT b1']);
    await screen.findByRole('button', { name: 'הסתרה ספר 1' });
  });

  it('deletes only after the author confirms', async () => {
    const { methods } = library([available, hidden]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'מחיקה ספר 1' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('למחוק את הספר "ספר 1"?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ביטול' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(methods).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'מחיקה ספר 1' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'כן, למחוק' }),
    );
    await screen.findByText('הספר "ספר 1" נמחק.');
    expect(methods).toEqual(['DELETE b1']);
    await waitFor(() => expect(screen.getAllByTestId('book-card')).toHaveLength(1));
  });

  it('says in Hebrew which operation failed and why', async () => {
    library([available], 'put');
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'הסתרה ספר 1' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('עדכון מצב הספר נכשל: אין לכם הרשאה לשנות ספר זה');
  });

  it('offers a new book on the empty all tab only', async () => {
    library([]);
    open();
    await screen.findByText('אין כאן ספרים עדיין.');
    expect(screen.getByRole('link', { name: 'הוספת ספר חדש' }).getAttribute('href')).toBe(
      '/book/upload',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'זמינים (0)' }));
    expect(screen.getByText('אין ספרים בלשונית זו.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'הוספת ספר חדש' })).toBeNull();
  });

  it('shows the load error with a retry', async () => {
    let fail = true;
    fakeApi(() => (fail ? { status: 500, body: { message: 'תקלה' } } : { body: [available] }));
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('טעינת הספרים נכשלה. נא לנסות שוב.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'לנסות שוב' }));
    await screen.findByTestId('book-card');
  });
});

describe('/author-dashboard/books after an upload', () => {
  it('says the book was uploaded and opens on the pending tab, where the new book waits', async () => {
    library([available, pending]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter
          initialEntries={[
            {
              pathname: '/author-dashboard/books',
              state: { uploaded: pending._id, message: 'הספר הועלה בהצלחה!' },
            },
          ]}
        >
          <BooksPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByText('הספר הועלה בהצלחה!')).getAttribute('role')).toBe('status');
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('ממתינים לאישור');
    const panel = screen.getByRole('tabpanel');
    const cards = within(panel).getAllByTestId('book-card');
    expect(cards).toHaveLength(1);
    expect(within(cards[0] as HTMLElement).getByRole('heading', { level: 2 }).textContent).toBe(
      pending.title,
    );
  });
});
