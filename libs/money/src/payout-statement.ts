import { agorot, sumAgorot, type Agorot } from './agorot';
import type { PayoutDecision } from './payouts';
import { withholdingOf } from './payouts';
import { vatIncluded, vatPercentOn } from './vat';

/** One ledger entry of an author's order line, as a statement reads it (any party, no payouts). */
export interface StatementLedgerEntry {
  orderId: string;
  lineIndex: number;
  party: 'author' | 'community' | 'platform' | 'print';
  kind: string;
  amountAgorot: number;
  quantity: number;
  lineTotalAgorot: number;
  bookId: string | null;
  occurredAt: Date;
}

/** One order line of a statement: what was sold, and where each agora of it went. */
export interface StatementLine {
  orderId: string;
  lineIndex: number;
  bookId: string | null;
  copies: number;
  lineTotal: Agorot;
  /** The VAT inside the line total, at the rate of the line's sale. */
  vat: Agorot;
  author: Agorot;
  community: Agorot;
  platform: Agorot;
  print: Agorot;
  /** The author's share given back in the statement (refunds, cancellations, returns). */
  refunds: Agorot;
}

export interface PayoutStatement {
  lines: StatementLine[];
  /** Owed before the statement's lines: earlier balances not yet paid (or owed back). */
  carriedIn: Agorot;
  /** The author's share of the statement's lines. */
  earned: Agorot;
  bonuses: Agorot;
  /** Owed at the period's end: carried in + earned + bonuses. */
  balance: Agorot;
  gross: Agorot;
  withheld: Agorot;
  /** Transferred to the author's account: gross less withheld. */
  net: Agorot;
  /** Still owed after the payout (the whole balance when nothing is paid). */
  carriedOver: Agorot;
}

const key = (entry: StatementLedgerEntry) => `${entry.orderId}:${entry.lineIndex}`;

/**
 * A payout's statement (issue 23): the author's order lines in the statement's window (the
 * entries between their previous statement and the period's end, every party's, so the author
 * sees the whole split of each line), the balance carried in from before, the payout of the
 * decision (when `pay`; a held or rolled-over balance pays nothing), the income tax withheld at
 * `withholdingPercent`, and what is carried over. Adds up to the agora:
 * `carriedIn + earned + bonuses = balance = gross + carriedOver`, `net + withheld = gross`.
 */
export function payoutStatement(input: {
  entries: readonly StatementLedgerEntry[];
  decision: PayoutDecision;
  withholdingPercent: number;
  pay: boolean;
  bonuses?: Agorot;
}): PayoutStatement {
  const groups = new Map<string, StatementLedgerEntry[]>();
  for (const entry of [...input.entries].sort(
    (a, b) => a.occurredAt.getTime() - b.occurredAt.getTime(),
  )) {
    const group = groups.get(key(entry));
    if (group) group.push(entry);
    else groups.set(key(entry), [entry]);
  }
  const lines = [...groups.values()].map((group): StatementLine => {
    const [first] = group as [StatementLedgerEntry, ...StatementLedgerEntry[]];
    const of = (party: StatementLedgerEntry['party']) =>
      sumAgorot(group.filter((e) => e.party === party).map((e) => agorot(e.amountAgorot)));
    // Copies and the line total are on every party's entry: the author's carry them once.
    const authors = group.filter((e) => e.party === 'author');
    const lineTotal = sumAgorot(authors.map((e) => agorot(e.lineTotalAgorot)));
    return {
      orderId: first.orderId,
      lineIndex: first.lineIndex,
      bookId: group.find((e) => e.bookId)?.bookId ?? null,
      copies: authors.reduce((sum, e) => sum + e.quantity, 0),
      lineTotal,
      vat: vatIncluded(lineTotal, vatPercentOn(first.occurredAt)),
      author: of('author'),
      community: of('community'),
      platform: of('platform'),
      print: of('print'),
      refunds: sumAgorot(
        authors.filter((e) => e.amountAgorot < 0).map((e) => agorot(e.amountAgorot)),
      ),
    };
  });
  const earned = sumAgorot(lines.map((line) => line.author));
  const bonuses = input.bonuses ?? agorot(0);
  const balance = input.decision.balance;
  const gross = input.pay ? input.decision.amount : agorot(0);
  const withheld = withholdingOf(gross, input.withholdingPercent);
  return {
    lines,
    carriedIn: agorot(balance - earned - bonuses),
    earned,
    bonuses,
    balance,
    gross,
    withheld,
    net: agorot(gross - withheld),
    carriedOver: agorot(balance - gross),
  };
}
