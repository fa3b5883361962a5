import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionStore } from '@mechabrim/session';
import { fakeApi, makeBook, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { EditBookPage } from './edit-book-page';

const AUTHOR = '6650aa000000000000000001';
const BOOK = '6650bb000000000000000001';
const book = makeBook(1, {
  _id: BOOK,
  author: { _id: AUTHOR, name: 'נועה לוי' },
  title: 'הגשם השני',
  price: 59.9,
  summary: 'תקציר',
  tags: ['שירה', 'חורף'],
});

const open = () => renderRoute(<EditBookPage />, '/book/edit/:id', `/book/edit/${BOOK}`);

/** The fake API: the book, and the edit call's body recorded (or failed with `status`). */
function server(status = 200) {
  const posted: unknown[] = [];
  fakeApi(() => ({ body: book }));
  const get = globalThis.fetch as jest.Mock;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== 'POST') return get(input, init) as Promise<Response>;
    posted.push({ url: new URL(String(input)).pathname, ...JSON.parse(String(init.body)) });
    const body = status === 200 ? { message: 'נשלח', edit: {} } : { message: 'אסור' };
    return { ok: status === 200, status, text: async () => JSON.stringify(body) } as Response;
  });
  return posted;
}

beforeEach(() => {
  act(() =>
    sessionStore.setState({
      user: { _id: AUTHOR, name: 'נועה לוי', email: 'noa@example.com', role: 'author' },
      token: 't',
      loading: false,
    }),
  );
});

describe('/book/edit/:id', () => {
  it('sends the edit for approval with the payload of spec §3 and says it waits', async () => {
    const posted = server();
    open();
    const title = await screen.findByLabelText<HTMLInputElement>(/שם הספר/);
    expect(title.value).toBe('הגשם השני');
    expect(screen.getByLabelText<HTMLInputElement>('תגיות').value).toBe('שירה, חורף');
    fireEvent.change(screen.getByLabelText(/^מחיר/), { target: { value: '64.5' } });
    fireEvent.change(screen.getByLabelText('תגיות'), { target: { value: 'שירה, ים ,' } });
    fireEvent.click(screen.getByRole('button', { name: 'שליחה לאישור' }));
    await screen.findByText('השינויים נשלחו לאישור. נעדכן אתכם כשיאושרו.');
    expect(posted).toEqual([
      expect.objectContaining({
        url: `/api/books/${BOOK}/edit`,
        title: 'הגשם השני',
        price: 64.5,
        summary: 'תקציר',
        tags: ['שירה', 'ים'],
        originalBookId: BOOK,
        authorId: AUTHOR,
        status: 'pending_approval',
      }),
    ]);
  });

  it('checks the fields with the server’s rules before sending', async () => {
    const posted = server();
    open();
    fireEvent.change(await screen.findByLabelText(/שם הספר/), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText(/^מחיר/), { target: { value: '10.555' } });
    fireEvent.click(screen.getByRole('button', { name: 'שליחה לאישור' }));
    await screen.findByText('שם הספר הוא שדה חובה');
    expect(screen.getByText(/המחיר חייב להיות מספר לא שלילי/)).toBeTruthy();
    await waitFor(() => expect(posted).toEqual([]));
  });

  it('refuses another author’s book, with a way back to the books', async () => {
    act(() =>
      sessionStore.setState({
        user: {
          _id: '6650aa000000000000000002',
          name: 'דן',
          email: 'dan@example.com',
          role: 'author',
        },
      }),
    );
    server(403);
    const view = open();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'אין לכם הרשאה לערוך את הספר הזה',
    );
    expect(screen.getByRole('link', { name: 'חזרה לספרים שלי' }).getAttribute('href')).toBe(
      '/author-dashboard/books',
    );
    expect(screen.queryByRole('button', { name: 'שליחה לאישור' })).toBeNull();
    view.unmount();
  });

  it('says when the book cannot be loaded, with a way back', async () => {
    fakeApi(() => ({ status: 500, body: { message: 'תקלה' } }));
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('טעינת פרטי הספר נכשלה. נא לנסות שוב.');
    expect(screen.getByRole('link', { name: 'חזרה לספרים שלי' })).toBeTruthy();
  });

  it('shows the price as a price (59.90, not 59.9) and an empty price as required (issue 27)', async () => {
    const posted = server();
    open();
    const price = await screen.findByLabelText<HTMLInputElement>(/^מחיר/);
    expect(price.value).toBe('59.90');
    fireEvent.change(price, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'שליחה לאישור' }));
    await screen.findByText('יש להזין מחיר לספר');
    expect(screen.queryByText(/המחיר חייב להיות/)).toBeNull();
    await waitFor(() => expect(posted).toEqual([]));
  });

  it.each([
    ['pending', { approvalStatus: 'pending', isAvailable: false }, /ממתין לאישור ועדיין אינו מוצג/],
    ['rejected', { approvalStatus: 'rejected', isAvailable: false }, /נדחה ואינו מוצג בחנות/],
    ['hidden', { approvalStatus: 'approved', isAvailable: false }, /מוסתר מהחנות/],
    ['on sale', { approvalStatus: 'approved', isAvailable: true }, /מוצג בחנות/],
  ] as const)(
    'says truthfully where a %s book stands, and offers new files only while it waits or was rejected',
    async (_name, state, said) => {
      fakeApi(() => ({ body: { ...book, ...state, moderationReason: 'השוליים צרים' } }));
      const view = open();
      const standing = await screen.findByTestId('edit-standing');
      expect(standing.textContent).toMatch(said);
      const onSale = state.isAvailable;
      expect(standing.textContent?.includes('יוצג כפי שהוא עכשיו')).toBe(onSale);
      const canReplace = state.approvalStatus !== 'approved';
      expect(screen.queryByRole('button', { name: 'החלפת הקבצים' }) !== null).toBe(canReplace);
      if (state.approvalStatus === 'rejected')
        expect(screen.getByText('סיבת הדחייה: השוליים צרים')).toBeTruthy();
      view.unmount();
    },
  );
});
