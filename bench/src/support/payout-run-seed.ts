import type { Connection } from 'mongoose';
import { Types } from 'mongoose';
import { selectSplitPolicy, splitPrintedLine } from '@mechabrim/money';
import { seal } from '@mechabrim/server-kit';

// The payout run bench's seeded authors and ledger (bench/src/payout-run.bench.ts).

/** The split the seeded sales were booked under (the default policy). */
const SALE_SPLIT = selectSplitPolicy();

const PARTIES = ['author', 'community', 'platform', 'print'] as const;

/** The author's kind in the seeded mix, by their index (fixed, so every run seeds the same). */
function authorKind(i: number): 'top' | 'small' | 'held' | 'no-details' | 'regular' {
  if (i % 50 === 7) return 'held';
  if (i % 50 === 13) return 'no-details';
  if (i % 10 === 0) return 'top';
  if (i % 8 === 3) return 'small';
  return 'regular';
}

interface LedgerRow {
  orderId: Types.ObjectId;
  lineIndex: number;
  party: (typeof PARTIES)[number];
  kind: string;
  amountAgorot: number;
  bookId: Types.ObjectId;
  authorId: Types.ObjectId;
  quantity: number;
  lineTotalAgorot: number;
  policy: 'default';
  occurredAt: Date;
  createdAt: Date;
}

/**
 * Authors with payout details and a ledger of about `entries` entries before `periodEnd`, as the
 * split, the cancellations, the returns and the print partner's charges write it, over 14
 * months (so the loyalty bonus applies): per order line the author's, the community's, the
 * platform's and the print partner's sale entries; one line in 30 refunded (every share
 * reversed), one in 25 partly returned (the copies' shares but the print cost), one in 12 with
 * the print partner's actual charge differing (print and platform, opposite). A tenth of the
 * authors sell over 1,000 ₪ a month (the monthly-sales bonus), one buyer in fifty is an
 * institution (its bonus); one author in eight sells too little to reach the minimum (rolls
 * over); one in fifty changed their details (held for review) and one in fifty has none (held);
 * a third of those with details are private persons (tax withheld).
 */
export async function seedAuthors(
  db: Connection,
  key: Buffer,
  periodEnd: Date,
  count: number,
  entries: number,
): Promise<Types.ObjectId[]> {
  const authors = Array.from({ length: count }, () => new Types.ObjectId());
  const institution = new Types.ObjectId();
  await db.collection('users').insertMany([
    ...authors.map((_id, i) => ({
      _id,
      name: `סופר ${i}`,
      email: `author${i}@example.com`,
      passwordHash: 'x',
      role: 'author',
    })),
    {
      _id: institution,
      name: 'ספרייה',
      email: 'library@example.com',
      passwordHash: 'x',
      role: 'user',
      isInstitution: true,
    },
  ]);
  await db.collection('payout_details').insertMany(
    authors
      .map((user, i) => ({ user, i }))
      .filter(({ i }) => authorKind(i) !== 'no-details')
      .map(({ user, i }) => ({
        user,
        sealed: seal(
          key,
          JSON.stringify({
            accountHolder: 'סופרת בדיקה',
            bankCode: '12',
            branch: '571',
            account: '41116',
            taxId: '123456782',
            taxStatus: i % 3 === 0 ? 'private' : 'licensed-dealer',
          }),
          user.toHexString(),
        ),
        payoutHold:
          authorKind(i) === 'held'
            ? { reason: 'details-changed', since: new Date(periodEnd.getTime() - 86_400_000) }
            : null,
      })),
  );
  const books = authors.map(() => new Types.ObjectId());
  await db.collection('books').insertMany(
    books.map((_id, i) => ({
      _id,
      title: `ספר ${i}`,
      author: authors[i],
      category: 'רומן',
      price: 60,
      isAvailable: true,
      salesCount: 0,
    })),
  );
  // A small author sells about a line a month at 10 ₪: a share under the 100 ₪ minimum in all.
  const weight = (i: number) => (authorKind(i) === 'small' ? 1 : 3);
  const totalWeight = authors.reduce((sum, _a, i) => sum + weight(i), 0);
  const linesOf = authors.map((_a, i) =>
    Math.max(1, Math.round((entries / PARTIES.length) * (weight(i) / totalWeight))),
  );
  let rows: LedgerRow[] = [];
  let orders: Array<{ _id: Types.ObjectId; user: { userId: Types.ObjectId } }> = [];
  let line = 0;
  const flush = async () => {
    if (rows.length) await db.collection('ledger').insertMany(rows, { ordered: false });
    if (orders.length) await db.collection('orders').insertMany(orders, { ordered: false });
    rows = [];
    orders = [];
  };
  for (let a = 0; a < count; a += 1) {
    const kind = authorKind(a);
    for (let k = 0; k < (linesOf[a] ?? 1); k += 1, line += 1) {
      const copies = 1 + (line % 3 === 0 ? 1 : 0);
      const unit = kind === 'top' ? 30_000 : kind === 'small' ? 1_000 : 6_000;
      const total = unit * copies;
      // Spread over 14 months before the period's end, the newest month the most.
      const occurredAt = new Date(
        periodEnd.getTime() - ((k % 14) * 30 + 3 + (line % 7)) * 86_400_000,
      );
      const orderId = new Types.ObjectId();
      if (line % 50 === 0) orders.push({ _id: orderId, user: { userId: institution } });
      // The shares as the order split books them (libs/money), a quarter of the price printing.
      const sharesOf = (quantity: number) => {
        const split = splitPrintedLine(SALE_SPLIT, {
          priceAgorot: unit,
          quantity,
          printCostAgorot: unit / 4,
        });
        return { ...split, print: split.printAndShipping };
      };
      const shares = sharesOf(copies);
      const entry = (
        party: (typeof PARTIES)[number],
        kindOf: string,
        amountAgorot: number,
        quantity: number,
        lineTotalAgorot: number,
        at: Date,
      ): LedgerRow => ({
        orderId,
        lineIndex: 0,
        party,
        kind: kindOf,
        amountAgorot,
        bookId: books[a] as Types.ObjectId,
        authorId: authors[a] as Types.ObjectId,
        quantity,
        lineTotalAgorot,
        policy: 'default',
        occurredAt: at,
        createdAt: at,
      });
      for (const party of PARTIES)
        rows.push(entry(party, 'sale', shares[party], copies, total, occurredAt));
      const later = new Date(occurredAt.getTime() + 2 * 86_400_000);
      if (line % 30 === 29) {
        // Refunded: every share reversed.
        for (const party of PARTIES)
          rows.push(entry(party, 'reversal', -shares[party], -copies, -total, later));
      } else if (line % 25 === 24) {
        // One copy returned: its shares taken back, the print cost not.
        const returned = sharesOf(1);
        for (const party of ['author', 'community', 'platform'] as const)
          rows.push(entry(party, 'return', -returned[party], -1, -unit, later));
      } else if (line % 12 === 11) {
        // The print partner charged 3 ₪ more than quoted: the platform bears it.
        rows.push(entry('print', 'adjustment', 300, 0, 0, later));
        rows.push(entry('platform', 'adjustment', -300, 0, 0, later));
      }
      if (rows.length >= 20_000) await flush();
    }
  }
  await flush();
  return authors;
}
