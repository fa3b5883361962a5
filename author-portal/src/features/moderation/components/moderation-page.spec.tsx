import { formatPrice } from '@mechabrim/money';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PendingBook, PendingEdit, PendingReview } from '@mechabrim/contracts';
import { sessionStore } from '@mechabrim/session';
import { fakeApi, makeBook, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import AuthorPortalApp from '../../../app/app';

const pendingBook: PendingBook = {
  ...makeBook(1, { title: 'הגשם השני', isAvailable: false, approvalStatus: 'pending' }),
  submittedAt: '2026-11-25T09:00:00.000Z',
  printCost: {
    perCopy: 15.36,
    quotedAt: '2026-11-25T09:00:00.000Z',
    podPackageId: '0583X0827.BW.STD.PB.060UW444.MXX',
    pages: 212,
    lowestPrice: 18.08,
  },
  preflight: {
    status: 'failed',
    uploadId: 'u1',
    pages: 212,
    checks: [
      {
        id: 'interior.page-size',
        status: 'fail',
        title: 'גודל העמודים',
        measured: '148×210 מ״מ',
        expected: '154×216 מ״מ (±1)',
        explanation: 'העמודים קטנים מהגודל שנבחר',
        fix: 'יש לייצא את הקובץ בגודל 154×216 מ״מ',
      },
    ],
    checkedAt: '2026-11-25T09:01:00.000Z',
    durationMs: 900,
  },
};
const pendingEdit: PendingEdit = {
  _id: 'e1',
  bookId: 'b2',
  authorId: 'a1',
  status: 'pending_approval',
  previous: { title: 'ספר 2', price: 50, summary: 'ישן', tags: ['א'] },
  changes: { title: 'ספר 2', price: 64.5, summary: 'חדש', tags: ['א', 'ב'] },
  submittedAt: '2026-11-25T10:00:00.000Z',
  decidedAt: null,
  reason: '',
  bookTitle: 'ספר 2',
  authorName: 'נועה לוי',
};
const pendingReview: PendingReview = {
  _id: 'r1',
  bookId: 'b3',
  bookTitle: 'ספר 3',
  authorName: 'דנה',
  content: 'ספר מרגש',
  rating: 4.5,
  createdAt: '2026-11-25T11:00:00.000Z',
  updatedAt: '2026-11-25T11:05:00.000Z',
  title: 'קריאה חובה',
  verifiedPurchase: true,
  reportCount: 2,
  lastReportReason: 'חושף את הסוף',
};

const signIn = (role: 'admin' | 'author') =>
  act(() =>
    sessionStore.setState({
      user: { _id: 'x1', name: 'מנהלת', email: 'admin@example.com', role },
      token: 't',
      loading: false,
    }),
  );

/** The fake API's lists, and the decisions posted to it. */
function server() {
  const decisions: string[] = [];
  let books: PendingBook[] = [pendingBook];
  fakeApi((url) => {
    if (url.pathname === '/api/moderation/books') return { body: books };
    if (url.pathname === '/api/moderation/edits') return { body: [pendingEdit] };
    if (url.pathname === '/api/moderation/reviews') return { body: [pendingReview] };
    return undefined;
  });
  const get = globalThis.fetch as jest.Mock;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== 'POST') return get(input, init) as Promise<Response>;
    decisions.push(`${new URL(String(input)).pathname} ${String(init.body)}`);
    books = [];
    const text = JSON.stringify({ message: 'ok', status: 'approved' });
    return { ok: true, status: 200, text: async () => text } as Response;
  });
  return decisions;
}

const open = () => renderRoute(<AuthorPortalApp />, '*', '/author-dashboard/moderation');

describe('/author-dashboard/moderation', () => {
  it('is for admins only', () => {
    signIn('author');
    fakeApi(() => undefined);
    open();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('lists pending books with their preflight, edits side by side, and reviews', async () => {
    signIn('admin');
    server();
    open();
    const book = await screen.findByTestId('pending-book');
    const report = within(book).getByTestId('preflight');
    expect(report.textContent).toContain('נמצאו בעיות בקבצים');
    expect(report.textContent).toContain('212 עמודים');
    expect(report.textContent).toContain('גודל העמודים');
    expect(report.textContent).toContain('יש לייצא את הקובץ בגודל 154 × 216 מ״מ');
    // What a copy costs to print, and the lowest price that carries it.
    const print = within(book).getByTestId('pending-print-cost').textContent ?? '';
    expect(print).toContain(`הדפסת עותק: ${formatPrice(15.36)}`);
    expect(print).toContain(`המחיר הנמוך ביותר האפשרי: ${formatPrice(18.08)}`);
    const edit = await screen.findByTestId('pending-edit');
    const price = within(edit).getByRole('row', { name: /מחיר/ });
    expect(
      within(price)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([formatPrice(50), formatPrice(64.5)]);
    expect(price.dataset.changed).toBe('true');
    expect(within(edit).getByRole('row', { name: /שם הספר/ }).dataset.changed).toBeUndefined();
    expect((await screen.findByTestId('pending-review')).textContent).toContain('ספר מרגש');
    expect(
      within(screen.getByRole('navigation'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['ניהול תוכן', 'החזרים וזיכויים', 'הרצות תשלומים', 'קרן הקהילה']);
  });

  it('approves, and rejects only with a reason the author will read', async () => {
    signIn('admin');
    const decisions = server();
    open();
    const edit = await screen.findByTestId('pending-edit');
    fireEvent.click(within(edit).getByRole('button', { name: 'דחייה ספר 2' }));
    const send = within(edit).getByRole<HTMLButtonElement>('button', { name: 'שליחת הדחייה' });
    expect(send.disabled).toBe(true);
    fireEvent.change(within(edit).getByLabelText(/סיבת הדחייה/), {
      target: { value: 'המחיר גבוה מדי' },
    });
    fireEvent.click(send);
    await screen.findByText('"ספר 2" נדחה.');
    fireEvent.click(await screen.findByRole('button', { name: 'אישור הגשם השני' }));
    await screen.findByText('"הגשם השני" אושר.');
    expect(decisions).toEqual([
      '/api/moderation/edits/e1/reject {"reason":"המחיר גבוה מדי"}',
      `/api/moderation/books/${pendingBook._id}/approve {}`,
    ]);
    await waitFor(() => expect(screen.queryByTestId('pending-book')).toBeNull());
    expect(screen.getByText('אין ספרים שממתינים לאישור.')).toBeTruthy();
  });

  it("shows a reader's review with its title, the verified mark and readers' reports; its rejection reason goes to the reader", async () => {
    signIn('admin');
    const decisions = server();
    open();
    const review = await screen.findByTestId('pending-review');
    expect(review.textContent).toContain('קריאה חובה');
    expect(review.textContent).toContain('רכישה מאומתת');
    expect(review.textContent).toContain('דירוג 4.5 מתוך 5');
    expect(within(review).getByTestId('review-report').textContent).toBe(
      '2 דיווחים של קוראים. הדיווח האחרון: חושף את הסוף',
    );
    fireEvent.click(within(review).getByRole('button', { name: 'דחייה על הספר "ספר 3"' }));
    fireEvent.change(within(review).getByLabelText('סיבת הדחייה (תישלח בהודעה לכותבי הביקורת)'), {
      target: { value: 'לשון פוגענית' },
    });
    fireEvent.click(within(review).getByRole('button', { name: 'שליחת הדחייה' }));
    await waitFor(() =>
      expect(decisions).toEqual(['/api/moderation/reviews/r1/reject {"reason":"לשון פוגענית"}']),
    );
  });

  it('approves a review as the version it showed, so one edited since is not published unread', async () => {
    signIn('admin');
    const decisions = server();
    open();
    const review = await screen.findByTestId('pending-review');
    fireEvent.click(within(review).getByRole('button', { name: 'אישור על הספר "ספר 3"' }));
    await waitFor(() =>
      expect(decisions).toEqual([
        `/api/moderation/reviews/r1/approve {"seen":"${pendingReview.updatedAt}"}`,
      ]),
    );
  });

  it("focuses the reason on 'reject'; Escape or 'cancel' closes it and returns to the button", async () => {
    signIn('admin');
    server();
    open();
    const edit = await screen.findByTestId('pending-edit');
    fireEvent.click(within(edit).getByRole('button', { name: 'דחייה ספר 2' }));
    const reason = within(edit).getByLabelText('סיבת הדחייה (תוצג לכותבי הספר)');
    expect(document.activeElement).toBe(reason);
    fireEvent.keyDown(reason, { key: 'Escape' });
    await waitFor(() => expect(within(edit).queryByLabelText(/סיבת הדחייה/)).toBeNull());
    expect(document.activeElement).toBe(within(edit).getByRole('button', { name: 'דחייה ספר 2' }));
    fireEvent.click(within(edit).getByRole('button', { name: 'דחייה ספר 2' }));
    expect(document.activeElement).toBe(within(edit).getByLabelText(/סיבת הדחייה/));
    fireEvent.click(within(edit).getByRole('button', { name: 'ביטול' }));
    expect(document.activeElement).toBe(within(edit).getByRole('button', { name: 'דחייה ספר 2' }));
  });
});
