import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { orderReference } from '@mechabrim/contracts';
import { agorot } from '@mechabrim/money';
import { loadWorkerConfig } from '../config/worker-config';
import { paidOrderFixture } from './receipt-fixture';
import { receiptDraftOf, vatBreakdown } from './receipt-draft';
import { renderReceiptPdf } from './receipt-pdf';

const run = promisify(execFile);
const business = loadWorkerConfig({}).business;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'receipt-pdf-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('receipt draft', () => {
  it('splits VAT out of VAT-inclusive totals, the parts summing to the total', () => {
    for (const total of [0, 1, 99, 118, 11800, 32840, 123457]) {
      const { netAgorot, vatAgorot } = vatBreakdown(agorot(total), 18);
      expect(netAgorot + vatAgorot).toBe(total);
      expect(Math.abs(vatAgorot - (total * 18) / 118)).toBeLessThanOrEqual(0.5);
    }
    expect(vatBreakdown(agorot(11800), 18)).toEqual({ netAgorot: 10000, vatAgorot: 1800 });
  });

  it('takes the VAT rate in force on the payment date', () => {
    const issuedAt = new Date('2025-01-02T09:00:00Z');
    const order = paidOrderFixture();
    // Paid at 23:30 on 31 December 2024 in Israel: 17 %, though issued in January.
    const december = receiptDraftOf(
      { ...order, paidAt: new Date('2024-12-31T21:30:00Z') },
      1,
      issuedAt,
    );
    expect(december.vatPercent).toBe(17);
    expect(december.vatAgorot).toBe(4772); // 328.40 × 17/117 = 47.716…
    // Paid at 00:30 on 1 January 2025 in Israel (22:30 UTC the day before): 18 %.
    const january = receiptDraftOf(
      { ...order, paidAt: new Date('2024-12-31T22:30:00Z') },
      2,
      issuedAt,
    );
    expect(january.vatPercent).toBe(18);
    expect(january.vatAgorot).toBe(5009); // 328.40 × 18/118 = 50.094…
    expect(january.netAgorot + january.vatAgorot).toBe(32840);
  });

  it('lists the books and shipping of the order and totals them', () => {
    const draft = receiptDraftOf(paidOrderFixture(), 7, new Date('2026-11-24T09:00:00Z'));
    expect(draft.lines.map((line) => [line.description, line.quantity, line.totalAgorot])).toEqual([
      ['הים של תל אביב / נועה כהן', 2, 17800],
      ['Python למתחילים / Avi Levi', 1, 12050],
    ]);
    expect(draft.shippingAgorot).toBe(2990);
    expect(draft.totalAgorot).toBe(32840);
    expect(draft.netAgorot + draft.vatAgorot).toBe(32840);
    expect(draft.vatPercent).toBe(18);
    expect(draft.vatAgorot).toBe(5009);
  });
});

describe('renderReceiptPdf', () => {
  it('renders a Hebrew A4 PDF whose text reads in logical order with numbers intact', async () => {
    const order = paidOrderFixture();
    const draft = receiptDraftOf(order, 42, new Date('2026-11-24T09:00:00Z'));
    const pdf = await renderReceiptPdf(draft, business);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(dir, 'receipt.pdf');
    await writeFile(file, pdf);

    const { stdout: text } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    // pdftotext wraps runs in directional embedding marks; the characters between are the test.
    const lines = text.split('\n').map((line) =>
      line
        .replace(/[\u202a-\u202e\u200e\u200f]/g, '')
        .trim()
        .replace(/\s+/g, ' '),
    );
    // Punctuation beside a number may move across the embedding marks; words and numbers may not.
    const has = (expected: string) => expect(lines.join('\n')).toContain(expected);
    has('מחברים בע״מ');
    // A company's number is a ח.פ. (BUSINESS_KIND, `company` by default), not a dealer's ע.מ.
    has('ח.פ');
    expect(lines.join('\n')).not.toContain('ע.מ');
    has('חשבונית מס');
    has('קבלה מספר');
    has('42');
    has('לכבוד');
    has('דנה לוי');
    has('הים של תל אביב');
    has('נועה כהן');
    has('Python');
    has('למתחילים');
    has('Avi Levi');
    has('dana@example.com');
    has('סכום לפני מע״מ');
    has('18%');
    has('סה״כ לתשלום');
    has('אמצעי תשלום');
    has('כרטיס אשראי המסתיים');
    has('24.11.2026');
    has('TX-99812');
    // 'הופק ממוחשב' is no Hebrew: the document says what it is.
    has('זהו מסמך ממוחשב ואינו דורש חתימה.');
    // The order by the reference the orders page prints, never its raw id.
    has('מספר הזמנה');
    has(orderReference(order._id.toHexString()));
    expect(lines.join('\n')).not.toContain(order._id.toHexString());
    // Amounts as charged: agorot where there are some, a whole shekel where it is whole.
    for (const amount of ['178', '120.50', '29.90', '278.31', '50.09', '328.40']) has(amount);
    expect(lines.join('\n')).not.toContain('178.00');
  });

  it("names a licensed dealer's number ע.מ.", async () => {
    const draft = receiptDraftOf(paidOrderFixture(), 7, new Date('2026-11-24T09:00:00Z'));
    const dealer = loadWorkerConfig({ BUSINESS_KIND: 'licensed-dealer' }).business;
    const file = path.join(dir, 'dealer.pdf');
    await writeFile(file, await renderReceiptPdf(draft, dealer));
    const { stdout: text } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    const plain = text.replace(/[\u202a-\u202e\u200e\u200f]/g, '');
    expect(plain).toContain('ע.מ');
    expect(plain).not.toContain('ח.פ');
  });

  it('draws a non-blank A4 page (pdftoppm)', async () => {
    const draft = receiptDraftOf(paidOrderFixture(), 1, new Date('2026-11-24T09:00:00Z'));
    const file = path.join(dir, 'page.pdf');
    await writeFile(file, await renderReceiptPdf(draft, business));
    await run('pdftoppm', ['-gray', '-r', '50', '-singlefile', file, path.join(dir, 'page')]);
    const pgm = await readFile(path.join(dir, 'page.pgm'));
    // Header "P5\n<width> <height>\n255\n", then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
    expect(header).not.toBeNull();
    const [width, height] = [Number(header?.[1]), Number(header?.[2])];
    // A4 at 50 dpi: 8.27 × 11.69 inches.
    expect(width).toBe(414);
    expect(height).toBe(585);
    const pixels = pgm.subarray(pgm.length - width * height);
    const dark = pixels.filter((value) => value < 128).length;
    expect(dark / pixels.length).toBeGreaterThan(0.005);
    expect(dark / pixels.length).toBeLessThan(0.2);
  });
});
