import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadWorkerConfig } from '../config/worker-config';
import { periodLabelHe, type PayoutStatementDraft } from './payout-statement-draft';
import { renderPayoutStatementPdf } from './payout-statement-pdf';

const run = promisify(execFile);
const business = loadWorkerConfig({}).business;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'payout-statement-pdf-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const line = (orderReference: string, copies: number, refunds = 0) => ({
  orderReference,
  bookTitle: 'הים של תל אביב',
  copies,
  lineTotalAgorot: copies * 10_000,
  vatAgorot: copies * 1_525,
  authorAgorot: copies * 8_500 + refunds,
  communityAgorot: copies * 1_000,
  platformAgorot: copies * 500,
  printAgorot: 0,
  refundsAgorot: refunds,
});

const draftOf = (lines: PayoutStatementDraft['statement']['lines']): PayoutStatementDraft => ({
  payoutId: '6650f0c2a1b2c3d4e5f60718',
  period: '2026-10',
  authorName: 'נועה כהן',
  issuedAt: new Date('2026-11-15T04:00:00Z'),
  heldReason: null,
  withholdingPercent: 30,
  bank: { bankName: 'בנק מזרחי טפחות', branch: '571', accountMasked: '••••1116' },
  statement: {
    from: new Date('2026-09-30T21:00:00Z'),
    to: new Date('2026-10-31T22:00:00Z'),
    lines,
    carriedInAgorot: 0,
    earnedAgorot: 34_000,
    bonusesAgorot: 0,
    balanceAgorot: 34_000,
    grossAgorot: 34_000,
    withheldAgorot: 10_200,
    netAgorot: 23_800,
    carriedOverAgorot: 0,
  },
});

async function textOf(pdf: Buffer, name: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout
    .split('\n')
    .map((row) =>
      row
        .replace(/[\u202a-\u202e\u200e\u200f]/g, '')
        .trim()
        .replace(/\s+/g, ' '),
    )
    .join('\n');
}

describe('renderPayoutStatementPdf', () => {
  it('says the month in Hebrew', () => {
    expect(periodLabelHe('2026-10')).toBe('אוקטובר 2026');
    expect(periodLabelHe('2027-01')).toBe('ינואר 2027');
  });

  it('prints each sale line with its order reference, the split, the withholding and the amount paid', async () => {
    const pdf = await renderPayoutStatementPdf(draftOf([line('A1B2C3D4', 4)]), business);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(pdf, 'statement.pdf');
    for (const expected of [
      'מחברים בע״מ',
      'דוח תמלוגים לחודש אוקטובר 2026',
      'נועה כהן',
      '1.10.2026',
      '31.10.2026',
      'בנק מזרחי טפחות',
      '••••1116',
      'A1B2C3D4',
      'הים של תל אביב',
      'מע״מ',
      'קהילה',
      'פלטפורמה',
      'הדפסה',
      'החזרים',
      '61', // VAT of 400 ₪ at 18 %
      '340',
      '102',
      'הועבר לחשבון הבנק',
      '238',
      'יתרה שעוברת לחודש הבא',
    ])
      expect(text).toContain(expected);
    // Brackets beside a number may move across pdftotext's embedding marks; the words not.
    expect(text).toMatch(/102 ניכוי מס הכנסה במקור \W*30%/);
  });

  it('lists each bonus under their sum, with its rule and the month that earned it', async () => {
    const draft = draftOf([line('A1B2C3D4', 12)]);
    const pdf = await renderPayoutStatementPdf(
      {
        ...draft,
        statement: {
          ...draft.statement,
          bonusesAgorot: 8_400,
          bonusLines: [
            { month: '2026-10', rule: 'monthly-sales', amountAgorot: 6_000 },
            { month: '2026-10', rule: 'loyalty', amountAgorot: 2_400 },
          ],
        },
      },
      business,
    );
    const text = await textOf(pdf, 'bonuses.pdf');
    for (const expected of [
      'בונוסים',
      '84',
      'על מכירות חודשיות מעל',
      'לסופרים הפעילים באתר יותר משנה',
      '60',
      '24',
    ])
      expect(text).toContain(expected);
    // Brackets and numbers move across pdftotext's embedding marks; the month's name not.
    expect(text.match(/אוקטובר/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('continues a long statement on further pages, every line kept, and says why a held one paid nothing', async () => {
    const lines = Array.from({ length: 60 }, (_, index) =>
      line(`REF${String(index).padStart(5, '0')}`, 1, index === 7 ? -8_500 : 0),
    );
    const pdf = await renderPayoutStatementPdf(
      { ...draftOf(lines), heldReason: 'on-hold', bank: null },
      business,
    );
    const text = await textOf(pdf, 'long.pdf');
    // Each further page starts with the title marked as continued.
    expect(text.match(/המשך/g)?.length).toBeGreaterThanOrEqual(1);
    for (let index = 0; index < 60; index += 1)
      expect(text).toContain(`REF${String(index).padStart(5, '0')}`);
    expect(text).toContain('טרם נמסרו פרטי חשבון בנק');
    expect(text).toContain('ממתינים לבדיקת צוות מחברים');
  });
});
