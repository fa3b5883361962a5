import fc from 'fast-check';
import mongoose, { Types } from 'mongoose';
import {
  MAX_LINE_QUANTITY,
  selectSplitPolicy,
  splitPrintedLine,
  SPLIT_POLICY_NAMES,
} from '@mechabrim/money';
import {
  allocationLedgerEntry,
  donationLedgerEntry,
  returnEntries,
  reversalEntries,
} from './ledger-entries';
import {
  LedgerEntrySchema,
  ledgerEntryProblem,
  ledgerRows,
  type LedgerEntryInput,
} from './ledger.schema';

const Ledger = mongoose.model('LedgerEntrySpec', LedgerEntrySchema);

const good = (): LedgerEntryInput => ({
  orderId: new Types.ObjectId(),
  lineIndex: 1,
  party: 'author',
  kind: 'sale',
  amountAgorot: 6783,
  bookId: new Types.ObjectId(),
  authorId: new Types.ObjectId(),
  quantity: 2,
  lineTotalAgorot: 7980,
  policy: 'community-first',
  occurredAt: new Date('2026-11-20T10:00:00Z'),
});

/** Entries the schema refuses, each broken in one field. */
const broken: Array<[string, Record<string, unknown>]> = [
  ['orderId', { orderId: undefined }],
  ['lineIndex', { lineIndex: -1 }],
  ['lineIndex', { lineIndex: 1.5 }],
  ['party', { party: 'publisher' }],
  ['kind', { kind: 'edit' }],
  ['amountAgorot', { amountAgorot: 12.5 }],
  ['amountAgorot', { amountAgorot: undefined }],
  ['bookId', { bookId: null }],
  ['authorId', { authorId: undefined }],
  ['quantity', { quantity: 0.5 }],
  ['lineTotalAgorot', { lineTotalAgorot: Number.NaN }],
  ['policy', { policy: 'half-half' }],
  ['occurredAt', { occurredAt: new Date('not a date') }],
];

describe('ledgerEntryProblem: the ledger schema’s rules without a mongoose document', () => {
  it('passes an entry the schema passes', async () => {
    await expect(new Ledger(good()).validate()).resolves.toBeUndefined();
    expect(ledgerEntryProblem(good())).toBeNull();
    // A reversal: negative amounts and copies.
    const reversal = { ...good(), kind: 'reversal' as const, amountAgorot: -6783, quantity: -2 };
    await expect(new Ledger(reversal).validate()).resolves.toBeUndefined();
    expect(ledgerEntryProblem(reversal)).toBeNull();
  });

  it.each(broken)('refuses a bad %s, as the schema does', async (field, change) => {
    const entry = { ...good(), ...change };
    await expect(new Ledger(entry).validate()).rejects.toThrow(field);
    expect(ledgerEntryProblem(entry)).toBe(field);
  });
});

describe('ledgerRows', () => {
  it('stamps every row with one createdAt and leaves the entries as they were', () => {
    const at = new Date('2026-11-26T12:00:00Z');
    const entries = [good(), { ...good(), party: 'community' as const, amountAgorot: 798 }];
    const rows = ledgerRows(entries, at);
    expect(rows).toEqual(entries.map((entry) => ({ ...entry, createdAt: at })));
    expect(rows[0]).not.toBe(entries[0]);
    expect(entries[0]).not.toHaveProperty('createdAt');
  });

  it('throws on the first bad entry, naming its order, line and field', () => {
    const bad = { ...good(), amountAgorot: 0.1 };
    expect(() => ledgerRows([good(), bad])).toThrow(
      `ledger entry of order ${bad.orderId.toHexString()} line 1: invalid amountAgorot`,
    );
  });
});

describe('returnEntries: a return of some copies of a sold printed line', () => {
  const policyName = fc.constantFrom(...SPLIT_POLICY_NAMES);
  const soldLine = fc
    .record({
      policy: policyName,
      priceAgorot: fc.integer({ min: 0, max: 500_000 }),
      soldQuantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
      printPerCopy: fc.integer({ min: 0, max: 200_000 }),
    })
    .chain((line) =>
      fc.record({
        line: fc.constant(line),
        returned: fc.integer({ min: 1, max: line.soldQuantity }),
      }),
    );

  it('takes back exactly the returned copies’ price, and leaves the print partner’s entry alone', () => {
    fc.assert(
      fc.property(soldLine, ({ line, returned }) => {
        const order = {
          _id: new Types.ObjectId(),
          books: [
            {
              book: { _id: new Types.ObjectId(), author: new Types.ObjectId() },
              quantity: line.soldQuantity,
              priceAgorot: line.priceAgorot,
            },
          ],
        };
        const split = splitPrintedLine(selectSplitPolicy(line.policy), {
          priceAgorot: line.priceAgorot,
          quantity: line.soldQuantity,
          printCostAgorot: line.printPerCopy,
        });
        const at = new Date('2026-11-20T10:00:00Z');
        const sales: LedgerEntryInput[] = (
          [
            ['author', split.author],
            ['community', split.community],
            ['platform', split.platform],
            ['print', split.printAndShipping],
          ] as const
        ).map(([party, amountAgorot]) => ({
          ...good(),
          orderId: order._id,
          lineIndex: 0,
          party,
          amountAgorot,
          policy: line.policy,
          quantity: line.soldQuantity,
        }));
        const entries = returnEntries(
          order,
          sales,
          [{ lineIndex: 0, quantity: returned }],
          'community-first',
          at,
        );
        const sum = entries.reduce((total, entry) => total + entry.amountAgorot, 0);
        expect(sum).toBe(0 - line.priceAgorot * returned);
        expect(entries.map((entry) => entry.party).sort()).toEqual([
          'author',
          'community',
          'platform',
        ]);
        for (const entry of entries) {
          expect(ledgerEntryProblem(entry)).toBeNull();
          expect(entry.kind).toBe('return');
          expect(entry.quantity).toBe(-returned);
          expect(entry.amountAgorot).toBeLessThanOrEqual(0);
        }
        // Every copy returned: the author's and community's sale shares come back in full.
        if (
          returned === line.soldQuantity &&
          line.printPerCopy * line.soldQuantity === split.printAndShipping
        ) {
          const of = (party: string) =>
            entries.find((entry) => entry.party === party)?.amountAgorot;
          expect(of('author')).toBe(0 - split.author);
          expect(of('community')).toBe(0 - split.community);
          expect(of('platform')).toBe(0 - (split.platform + split.printAndShipping));
        }
      }),
    );
  });

  it('writes nothing for a line the order does not have', () => {
    const order = { _id: new Types.ObjectId(), books: [] };
    expect(
      returnEntries(order, [], [{ lineIndex: 3, quantity: 1 }], 'community-first', new Date()),
    ).toEqual([]);
  });
});

describe("the community fund's entries", () => {
  it('need no author, book or policy, and a sale still needs its author', async () => {
    const projectId = new Types.ObjectId();
    const allocation = allocationLedgerEntry(
      { _id: new Types.ObjectId(), projectId, amountAgorot: 2_500 },
      'paid',
      new Date(),
    );
    expect(allocation).toMatchObject({
      kind: 'allocation',
      party: 'community',
      amountAgorot: -2_500,
    });
    await expect(new Ledger(allocation).validate()).resolves.toBeUndefined();
    const returned = allocationLedgerEntry(
      { _id: allocation.orderId, projectId, amountAgorot: 2_500 },
      'returned',
      new Date(),
    );
    expect([returned.lineIndex, returned.amountAgorot]).toEqual([1, 2_500]);
    const donation = donationLedgerEntry(
      { _id: new Types.ObjectId(), amountAgorot: 5_000 },
      new Date(),
    );
    await expect(new Ledger(donation).validate()).resolves.toBeUndefined();
    const { authorId: _authorId, ...orphanSale } = good();
    await expect(new Ledger(orphanSale).validate()).rejects.toThrow(/authorId/);
  });
});

describe('reversalEntries: a cancelled order', () => {
  it('reverses the sales and the shipping fee once each, and leaves adjustments', () => {
    const sale = good();
    const at = new Date('2026-11-21T10:00:00Z');
    const base = { ...sale, quantity: 0, lineTotalAgorot: 0, lineIndex: 0 };
    const shipping = {
      ...base,
      party: 'print' as const,
      kind: 'shipping' as const,
      amountAgorot: 2500,
    };
    const adjustment = {
      ...base,
      party: 'platform' as const,
      kind: 'shipping-adjustment' as const,
      amountAgorot: -300,
    };
    const reversals = reversalEntries([sale, shipping, adjustment], at);
    expect(reversals.map((e) => [e.lineIndex, e.party, e.kind, e.amountAgorot])).toEqual([
      [1, 'author', 'reversal', -6783],
      [0, 'print', 'shipping-reversal', -2500],
    ]);
    expect(reversals.every((e) => e.occurredAt === at)).toBe(true);
    // Run again over what the first one wrote: nothing more.
    expect(reversalEntries([sale, shipping, adjustment, ...reversals], at)).toEqual([]);
    expect(reversals.map(ledgerEntryProblem)).toEqual([null, null]);
  });
});
