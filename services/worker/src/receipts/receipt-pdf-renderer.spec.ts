import { loadWorkerConfig } from '../config/worker-config';
import { receiptDraftOf } from './receipt-draft';
import { paidOrderFixture } from './receipt-fixture';
import { threadedReceiptPdfRenderer, type ReceiptPdfRenderer } from './receipt-pdf-renderer';

const business = loadWorkerConfig({}).business;
let renderer: ReceiptPdfRenderer;

beforeAll(() => {
  renderer = threadedReceiptPdfRenderer();
});
afterAll(async () => {
  await renderer.close();
});

describe('the receipt-drawing thread', () => {
  it('draws the same PDF the worker would, off the event loop', async () => {
    const draft = receiptDraftOf(paidOrderFixture(), 12, new Date('2026-11-24T09:00:00Z'));
    // Count the event loop's turns while three receipts are drawn: drawn on this thread, pdfkit's
    // synchronous layout would hold the loop for most of that time.
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns += 1;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const pdfs = await Promise.all([1, 2, 3].map(() => renderer.render(draft, business)));
    counting = false;
    for (const pdf of pdfs) {
      expect(Buffer.isBuffer(pdf)).toBe(true);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(5000);
    }
    expect(turns).toBeGreaterThan(50);
  });
});
