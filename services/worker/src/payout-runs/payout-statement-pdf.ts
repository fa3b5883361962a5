import { agorot } from '@mechabrim/money';
import type { BusinessDetails } from '../config/worker-config';
import {
  formatDate,
  formatMoney,
  PAGE_RIGHT,
  startPdf,
  writeBusiness,
  type RtlWriter,
} from '../receipts/pdf-page';
import { workerStringsHe } from '../strings.he';
import {
  periodLabelHe,
  type PayoutStatementDraft,
  type StatementDraftLine,
} from './payout-statement-draft';

const s = workerStringsHe.payoutStatement;

/** Right edges of the lines' columns, right to left (A4 portrait, 8-point figures). */
const COLUMNS: Array<[keyof typeof s.columns, number]> = [
  ['order', PAGE_RIGHT],
  ['copies', 452],
  ['price', 414],
  ['vat', 362],
  ['community', 314],
  ['platform', 266],
  ['print', 214],
  ['refunds', 162],
  ['author', 110],
];
/** Where a page's lines stop before the footer; the next line starts a new page. */
const PAGE_BOTTOM = 740;
const SUMMARY_AMOUNT_RIGHT = 300;

const money = (value: number) => formatMoney(agorot(value));

function cells(line: StatementDraftLine): Record<keyof typeof s.columns, string> {
  return {
    order: line.orderReference,
    copies: String(line.copies),
    price: money(line.lineTotalAgorot),
    vat: money(line.vatAgorot),
    community: money(line.communityAgorot),
    platform: money(line.platformAgorot),
    print: money(line.printAgorot),
    refunds: money(line.refundsAgorot),
    author: money(line.authorAgorot),
  };
}

function writeHeadings(write: RtlWriter, y: number): number {
  for (const [column, right] of COLUMNS)
    write.line(s.columns[column], right, y, { size: 8, bold: true });
  y += 13;
  write.rule(y);
  return y + 5;
}

/** A title short enough for one line under its order reference. */
const shortTitle = (title: string) => (title.length > 80 ? `${title.slice(0, 79)}…` : title);

/**
 * Renders an author's payout statement (issue 23) as an A4 PDF, in the receipts' look: the
 * business, the author and the account paid, each order line (reference, copies, price, VAT, the
 * community's, the platform's and the printer's shares, refunds and the author's royalties, the
 * book's title under it), then the sums from the balance carried in to the balance carried over.
 * Long statements continue on further pages, the headings repeated.
 */
export function renderPayoutStatementPdf(
  draft: PayoutStatementDraft,
  business: BusinessDetails,
): Promise<Buffer> {
  const month = periodLabelHe(draft.period);
  const { write, newPage, finish } = startPdf(s.title(month), business);
  const st = draft.statement;
  let y = writeBusiness(write, business, 50);
  write.line(s.title(month), PAGE_RIGHT, y, { size: 18, bold: true });
  y += 26;
  write.line(`${s.to}: ${draft.authorName}`, PAGE_RIGHT, y, { bold: true });
  y += 14;
  const lastDay = new Date(st.to.getTime() - 1);
  write.line(s.window(st.from ? formatDate(st.from) : null, formatDate(lastDay)), PAGE_RIGHT, y);
  y += 14;
  write.line(`${s.issuedAt}: ${formatDate(draft.issuedAt)}`, PAGE_RIGHT, y);
  y += 14;
  write.line(
    draft.bank
      ? s.account(draft.bank.bankName, draft.bank.branch, draft.bank.accountMasked)
      : s.noAccount,
    PAGE_RIGHT,
    y,
  );
  y += 28;

  y = writeHeadings(write, y);
  if (!st.lines.length) {
    write.line(s.noLines, PAGE_RIGHT, y, { size: 9 });
    y += 16;
  }
  for (const line of st.lines) {
    if (y > PAGE_BOTTOM) {
      newPage();
      write.line(`${s.title(month)} (${s.continued})`, PAGE_RIGHT, 50, { bold: true });
      y = writeHeadings(write, 74);
    }
    const row = cells(line);
    for (const [column, right] of COLUMNS) write.line(row[column], right, y, { size: 8 });
    y += 11;
    if (line.bookTitle) write.line(shortTitle(line.bookTitle), PAGE_RIGHT, y, { size: 7 });
    y += 13;
  }
  write.rule(y);
  y += 12;

  const sums: Array<[string, number, boolean, number?]> = [
    [s.carriedIn, st.carriedInAgorot, false],
    [s.earned, st.earnedAgorot, false],
    [s.bonuses, st.bonusesAgorot, false],
    // Each bonus under their sum, smaller: its rule and the month that earned it.
    ...(st.bonusLines ?? []).map((bonus): [string, number, boolean, number] => [
      s.bonusLine(bonus.rule, periodLabelHe(bonus.month)),
      bonus.amountAgorot,
      false,
      8,
    ]),
    [s.balance, st.balanceAgorot, true],
    [s.gross, st.grossAgorot, false],
    [s.withheld(draft.withholdingPercent), st.withheldAgorot, false],
    [s.net, st.netAgorot, true],
    [s.carriedOver, st.carriedOverAgorot, false],
  ];
  if (y + sums.length * 16 + 40 > PAGE_BOTTOM) {
    newPage();
    y = 50;
  }
  for (const [label, amount, bold, size] of sums) {
    write.line(label, size ? PAGE_RIGHT - 12 : PAGE_RIGHT, y, { bold, ...(size && { size }) });
    write.line(money(amount), SUMMARY_AMOUNT_RIGHT, y, { bold, ...(size && { size }) });
    y += size ? 12 : 16;
  }
  if (draft.heldReason) {
    y += 10;
    // One sentence a line: the page draws no line breaks of its own.
    for (const sentence of s.held[draft.heldReason].split(/(?<=\.) /)) {
      write.line(sentence, PAGE_RIGHT, y, { size: 9, bold: true });
      y += 14;
    }
  }
  return finish();
}
