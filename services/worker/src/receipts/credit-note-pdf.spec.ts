import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { orderReference } from '@mechabrim/contracts';
import { loadWorkerConfig } from '../config/worker-config';
import { creditNoteDraftOf } from './credit-note-draft';
import { renderCreditNotePdf } from './credit-note-pdf';
import { receiptDraftOf } from './receipt-draft';
import { paidOrderFixture } from './receipt-fixture';

const run = promisify(execFile);
const business = loadWorkerConfig({}).business;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'credit-note-pdf-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const order = paidOrderFixture();
const receipt = receiptDraftOf(order, 42, new Date('2024-12-20T09:00:00Z'));
const noteOf = (issuedAt: Date, reason: 'cancellation' | 'return' = 'cancellation') =>
  creditNoteDraftOf({
    number: 7,
    issuedAt,
    receipt,
    providerDocumentId: null,
    amountAgorot: 31200,
    reason,
  });

describe('credit note draft', () => {
  it("splits the credited amount's VAT by the rate in force on the note's date", () => {
    // The receipt was dated in 2024 (17 %); a note of 2025 credits at that day's 18 %.
    const note = noteOf(new Date('2025-01-05T09:00:00Z'));
    expect(note.vatPercent).toBe(18);
    expect(note.vatAgorot).toBe(4759); // 312 × 18/118 = 47.59
    expect(note.netAgorot + note.vatAgorot).toBe(31200);
    expect(noteOf(new Date('2024-12-30T09:00:00Z')).vatPercent).toBe(17);
  });

  it('names the order by its reference in the reason line', () => {
    const reference = orderReference(order._id.toHexString());
    expect(noteOf(new Date('2025-01-05'), 'cancellation').reason).toBe(`ביטול הזמנה ${reference}`);
    expect(noteOf(new Date('2025-01-05'), 'return').reason).toBe(`החזרת ספרים מהזמנה ${reference}`);
  });
});

describe('renderCreditNotePdf', () => {
  it('renders a Hebrew credit note naming the receipt it credits, the amount and its VAT', async () => {
    const pdf = await renderCreditNotePdf(noteOf(new Date('2026-12-02T10:00:00Z')), business);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(dir, 'credit-note.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    const text = stdout
      .split('\n')
      .map((line) =>
        line
          .replace(/[\u202a-\u202e\u200e\u200f]/g, '')
          .trim()
          .replace(/\s+/g, ' '),
      )
      .join('\n');
    for (const expected of [
      'מחברים בע״מ',
      'חשבונית זיכוי מספר',
      'זיכוי לחשבונית מס/קבלה מס׳ 42',
      `ביטול הזמנה ${orderReference(order._id.toHexString())}`,
      '2.12.2026',
      'דנה לוי',
      'מע״מ 18%',
      'סה״כ זיכוי',
      '312',
      '264.41', // 312 − 47.59
      '47.59',
      'כרטיס אשראי המסתיים',
      '4580',
    ])
      expect(text).toContain(expected);
    // Punctuation beside a number may move across pdftotext's embedding marks; the number not.
    expect(text).toMatch(/חשבונית זיכוי מספר\W*7\W*מקור/);
  });
});
