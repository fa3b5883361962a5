import mongoose, { Types } from 'mongoose';
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
