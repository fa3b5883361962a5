import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { BOOK_UPLOAD_HE } from '@mechabrim/contracts';
import { formatPrice, communityFirst85_10_5, toAgorot, toShekels } from '@mechabrim/money';
import { sessionStore } from '@mechabrim/session';
import { fakeApi, renderRoute } from '@mechabrim/api-client/src/testing/render-with-api';
import { UploadBookPage } from './upload-book-page';
import { perCopySplit } from '../../../shared/price-calculator';

const AUTHOR = '6650aa000000000000000001';
const TEMPLATE_SUMMARY = 'כריכה ברוחב 303.4 מ״מ ובגובה 216 מ״מ, שדרה 6.4 מ״מ';
/** The print partner's quote the API answers for a copy (A5, 70 g, black and white, 200 pages). */
const QUOTE = {
  perCopy: 15,
  quotedAt: '2026-03-01T10:00:00.000Z',
  podPackageId: '0583X0827.BW.STD.PB.060UW444.MXX',
  pages: 200,
  lowestPrice: 17.65,
};

/** The browser's XMLHttpRequest as the page uses it; each test drives the answer by hand. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.last = null;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  fakeApi((url) =>
    url.pathname === '/api/print/cover-template'
      ? { body: { ...coverBody(url), summary: TEMPLATE_SUMMARY } }
      : url.pathname === '/api/print/quote'
        ? { body: QUOTE }
        : undefined,
  );
  act(() =>
    sessionStore.setState({
      user: { _id: AUTHOR, name: 'נועה לוי', email: 'noa@example.com', role: 'author' },
      token: 'author-token',
      loading: false,
    }),
  );
});
afterAll(() => {
  globalThis.XMLHttpRequest = realXhr;
});

const open = () => renderRoute(<UploadBookPage />, '/book/upload', '/book/upload');
const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const choose = (label: RegExp, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
const pdf = (name: string) => new File(['%PDF-1.4\n%%EOF'], name, { type: 'application/pdf' });

function fillValidBook() {
  type(/^שם הספר/, 'הגשם השני');
  type(/^מחיר/, '79.90');
  type(/^קטגוריה/, 'שירה');
  type('תגיות', 'שירה, חורף ,');
  choose(/^קובץ הספר/, pdf('interior.pdf'));
  choose(/^קובץ הכריכה/, pdf('cover.pdf'));
  choose(
    /^תמונת הכריכה/,
    new File([new Uint8Array([0x89, 0x50])], 'cover.png', { type: 'image/png' }),
  );
}

describe('/book/upload', () => {
  it('starts with the defaults of spec §9, soft cover shown disabled', () => {
    open();
    expect(screen.getByLabelText<HTMLSelectElement>(/^גודל הספר/).value).toBe('A5');
    expect(screen.getByLabelText<HTMLSelectElement>(/^כיוון קריאה/).value).toBe('rtl');
    expect(screen.getByLabelText<HTMLSelectElement>(/^סוג נייר/).value).toBe('70g');
    expect(screen.getByLabelText<HTMLSelectElement>(/^סוג הדפסה/).value).toBe('bw');
    expect(screen.getByLabelText<HTMLInputElement>(/^שפת הספר/).value).toBe('עברית');
    expect(screen.getByLabelText<HTMLSelectElement>(/^כריכה/).disabled).toBe(true);
  });

  it('checks the fields and files with the contract’s Hebrew messages before sending', async () => {
    open();
    type(/^מחיר/, '10.555');
    fireEvent.click(screen.getByRole('button', { name: 'העלאת הספר' }));
    await screen.findByText(BOOK_UPLOAD_HE.titleRequired);
    expect(screen.getByText(BOOK_UPLOAD_HE.priceInvalid)).toBeTruthy();
    expect(screen.getByText(BOOK_UPLOAD_HE.categoryRequired)).toBeTruthy();
    expect(screen.getByText(BOOK_UPLOAD_HE.pdfRequired)).toBeTruthy();
    expect(screen.getByText(BOOK_UPLOAD_HE.coverPdfRequired)).toBeTruthy();
    expect(screen.getByText(BOOK_UPLOAD_HE.coverImageRequired)).toBeTruthy();
    expect(FakeXhr.last).toBeNull();
  });

  it('names the highest price and says when the page count is out of range', async () => {
    open();
    type(/^מחיר/, '99999999');
    type(/^מספר עמודים/, '99999');
    expect(screen.getByTestId('cover-template').textContent).toBe(
      'מספר העמודים צריך להיות מספר שלם בין 32 ל־800; מידות הכריכה יוצגו כשיהיה תקין.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'העלאת הספר' }));
    // Testing Library reads the no-break space `formatPrice` puts before ₪ as a plain space.
    const message = await screen.findByText(BOOK_UPLOAD_HE.priceTooHigh.replace(/\s+/g, ' '));
    expect(message.textContent?.replace(/[\u200e\u200f]/g, '').replace(/\s+/g, ' ')).toBe(
      'המחיר גבוה מדי: עד 10,000 ₪',
    );
    expect(screen.queryByText(BOOK_UPLOAD_HE.priceInvalid)).toBeNull();
  });

  it('shows the print partner’s quote for the options — no print cost to type — and warns below the lowest price', async () => {
    open();
    expect(screen.queryByLabelText(/^עלות הדפסה/)).toBeNull();
    expect(screen.getByTestId('print-quote').textContent).toBe(
      'כדי לקבל את עלות ההדפסה מבית הדפוס, יש למלא את מספר העמודים.',
    );
    type(/^מחיר/, '10');
    type(/^סוג הדפסה/, 'color');
    type(/^מספר עמודים/, '200');
    await waitFor(() =>
      expect(screen.getByTestId('print-quote').textContent).toContain(
        `הדפסת עותק עולה ${formatPrice(15)}`,
      ),
    );
    expect(screen.getByTestId('print-quote').textContent).toContain(formatPrice(17.65));
    const asked = (globalThis.fetch as jest.Mock).mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.includes('/api/print/quote'));
    expect(asked.at(-1)).toContain('pages=200');
    expect(asked.at(-1)).toContain('printing=color');
    expect(screen.getByTestId('price-split').textContent).toContain(
      `הדפסה (יורדת מחלקכם)${formatPrice(15)}`,
    );
    expect(screen.getByRole('note').textContent).toBe(
      `במחיר הזה חלקכם אינו מכסה את עלות ההדפסה, ולכן לא נוכל לקבל אותו. המחיר הנמוך ביותר האפשרי הוא ${formatPrice(17.65)}.`,
    );
  });

  it('offers a Hebrew button for each file and shows the chosen file’s name', () => {
    open();
    const input = screen.getByLabelText<HTMLInputElement>(/^קובץ הספר/);
    expect(input.type).toBe('file');
    expect(input.className).toBe('ap-file__input');
    const field = input.closest('.ap-file') as HTMLElement;
    expect(field.textContent).toBe('בחירת קובץלא נבחר קובץ');
    choose(/^קובץ הספר/, new File(['%PDF-'], 'הספר שלי.pdf', { type: 'application/pdf' }));
    expect(field.textContent).toBe('בחירת קובץהספר שלי.pdf');
    // The name is read with the field.
    const chosen = document.getElementById(`${input.id}-chosen`);
    expect(chosen?.textContent).toBe('הספר שלי.pdf');
    expect(input.getAttribute('aria-describedby')).toContain(`${input.id}-chosen`);
  });

  it('refuses a file of the wrong type or over the size limit as soon as it is chosen', () => {
    open();
    choose(/^קובץ הספר/, new File(['hello'], 'book.txt', { type: 'text/plain' }));
    expect(screen.getByText(BOOK_UPLOAD_HE.notPdf('קובץ הספר'))).toBeTruthy();
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 51 * 1024 * 1024 });
    choose(/^תמונת הכריכה/, huge);
    expect(screen.getByText(BOOK_UPLOAD_HE.fileTooLarge(50))).toBeTruthy();
  });

  it('shows per copy the split of libs/money’s policy beside the price, the quote deducted', async () => {
    open();
    type(/^מחיר/, '79.90');
    type(/^מספר עמודים/, '200');
    const expected = communityFirst85_10_5.split({
      unitPrice: toAgorot(79.9),
      quantity: 1,
      format: 'physical',
      printAndShipping: toAgorot(15),
    });
    expect(perCopySplit(79.9, 15)).toEqual(expected);
    const split = await screen.findByTestId('price-split');
    const shown = split.textContent ?? '';
    for (const amount of [
      expected.author,
      expected.community,
      expected.platform,
      expected.printAndShipping,
    ]) {
      expect(shown).toContain(formatPrice(toShekels(amount)));
    }
    expect(shown).toContain('תרומה לקהילה (10%)');
    expect(
      expected.author + expected.community + expected.platform + expected.printAndShipping,
    ).toBe(7990);
  });

  it('shows the cover template for the chosen options and page count before the upload', async () => {
    open();
    expect(screen.getByTestId('cover-template').textContent).toContain('מספר העמודים');
    type(/^סוג נייר/, '90g');
    type(/^מספר עמודים/, '120');
    await waitFor(() =>
      expect(screen.getByTestId('cover-template').textContent).toBe(TEMPLATE_SUMMARY),
    );
    const asked = (globalThis.fetch as jest.Mock).mock.calls.map(([input]) => String(input));
    expect(asked.at(-1)).toContain('pages=120');
    expect(asked.at(-1)).toContain('paper=90g');
  });

  it('uploads with the bearer token, shows the progress in per cent, then the books list', async () => {
    const view = open();
    fillValidBook();
    fireEvent.click(screen.getByRole('button', { name: 'העלאת הספר' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('http://api.test/api/books');
    expect(xhr.headers.Authorization).toBe('Bearer author-token');
    expect(xhr.body?.get('title')).toBe('הגשם השני');
    expect(xhr.body?.get('price')).toBe('79.90');
    expect(xhr.body?.get('tags')).toBe('שירה,חורף');
    expect(xhr.body?.get('size')).toBe('A5');
    expect((xhr.body?.get('pdfFile') as File).name).toBe('interior.pdf');
    act(() => xhr.progress(37, 100));
    expect(screen.getByText('הועלו 37%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'התקדמות ההעלאה' }).getAttribute('value')).toBe(
      '37',
    );
    await act(async () =>
      xhr.answer(201, {
        message: BOOK_UPLOAD_HE.uploaded,
        book: {
          _id: '6650bb000000000000000009',
          title: 'הגשם השני',
          status: 'pending_approval',
          isAvailable: false,
          preflight: { status: 'pending', uploadId: 'u1' },
        },
      }),
    );
    await waitFor(() =>
      expect(view.getByTestId('location').textContent).toBe('/author-dashboard/books'),
    );
  });

  it('shows the server’s Hebrew error and keeps the form', async () => {
    open();
    fillValidBook();
    fireEvent.click(screen.getByRole('button', { name: 'העלאת הספר' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const message = BOOK_UPLOAD_HE.notPdf('קובץ הכריכה');
    await act(async () =>
      (FakeXhr.last as FakeXhr).answer(400, { statusCode: 400, error: 'Bad Request', message }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>(/^שם הספר/).value).toBe('הגשם השני');
  });

  it('puts the server’s file error at the file field and clears it when another file is chosen (issue 27)', async () => {
    open();
    fillValidBook();
    fireEvent.click(screen.getByRole('button', { name: 'העלאת הספר' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const message = BOOK_UPLOAD_HE.notPdf('קובץ הכריכה');
    await act(async () =>
      (FakeXhr.last as FakeXhr).answer(400, {
        statusCode: 400,
        error: 'Bad Request',
        message,
        details: [{ field: 'coverPdfFile', message }],
      }),
    );
    const field = screen.getByLabelText(/^קובץ הכריכה/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(message)).toBeTruthy();
    // No banner at the top of the form: the error is at its field.
    expect(document.querySelector('.ap-banner')).toBeNull();
    choose(/^קובץ הכריכה/, pdf('cover-fixed.pdf'));
    expect(screen.queryByText(message)).toBeNull();
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('says an empty price is required, not that it must be zero or more (issue 27)', async () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'העלאת הספר' }));
    await screen.findByText(BOOK_UPLOAD_HE.priceRequired);
    expect(screen.queryByText(BOOK_UPLOAD_HE.priceInvalid)).toBeNull();
  });
});

function coverBody(url: URL) {
  return {
    pages: Number(url.searchParams.get('pages')),
    size: url.searchParams.get('size'),
    paper: url.searchParams.get('paper'),
    direction: url.searchParams.get('direction'),
    trim: { widthMm: 148, heightMm: 210 },
    bleedMm: 3,
    spineMm: 6.4,
    spineTextAllowed: true,
    frontCoverSide: 'left',
    widthMm: 308.4,
    heightMm: 216,
    widthPt: 874.2,
    heightPt: 612.3,
    panels: {
      back: { xMm: 0, widthMm: 151, xPt: 0, widthPt: 428 },
      spine: { xMm: 151, widthMm: 6.4, xPt: 428, widthPt: 18.1 },
      front: { xMm: 157.4, widthMm: 151, xPt: 446.1, widthPt: 428 },
    },
  };
}
