import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Types } from 'mongoose';
import {
  BONUS_KINDS,
  bonusLedgerEntries,
  LEDGER_ENTRY_MODEL,
  onlyDuplicateKeys,
  ORDER_MODEL,
  USER_MODEL,
  type LedgerEntryModel,
  type OrderModel,
  type UserModel,
} from '@mechabrim/db';
import { BONUS_SALES_KINDS, earnedBonuses } from '@mechabrim/money';

interface AuthorRow {
  authorId: Types.ObjectId;
  orderId: Types.ObjectId;
  lineIndex: number;
  party: string;
  kind: string;
  lineTotalAgorot: number;
  occurredAt: Date;
}

const isSalesKind = (kind: string) => (BONUS_SALES_KINDS as readonly string[]).includes(kind);
const entryKey = (e: { orderId: Types.ObjectId; lineIndex: number; party: string }) =>
  `${e.orderId.toHexString()}:${e.lineIndex}:${e.party}`;

/**
 * The payout run's bonus step (issue 23, spec §9), for each author before their payout is
 * decided: every bonus their sales earned in the months that ended by the period's end, booked as
 * ledger entries of their own kind (`bonusLedgerEntries`: the author's, and the platform's that
 * pays it). Safe to repeat: entries already booked are left out (either half of a bonus, so a
 * crash between the two halves is mended by the rerun), and the ledger's unique key refuses a
 * second of any that two attempts write at once, so no bonus is ever counted twice. A few authors'
 * entries at a time (the run's step): no read of the whole ledger at once.
 */
@Injectable()
export class PayoutBonusesStep {
  constructor(
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
  ) {}

  /**
   * Books the author's bonuses earned before `periodEnd` that are not booked yet; answers how
   * many entries it wrote. `institutionOrders` is {@link institutionOrders}' answer for the run.
   */
  book(
    run: { periodEnd: Date },
    authorId: Types.ObjectId,
    institutionOrders: ReadonlySet<string>,
  ): Promise<number> {
    return this.bookMany(run, [authorId], institutionOrders);
  }

  /**
   * {@link book} for a few authors at once: their entries read in one query, each author's
   * bonuses drawn from their own, and written in one unordered insert.
   */
  async bookMany(
    run: { periodEnd: Date },
    authorIds: readonly Types.ObjectId[],
    institutionOrders: ReadonlySet<string>,
  ): Promise<number> {
    if (!authorIds.length) return 0;
    const entries = await this.ledger
      .find({
        authorId: authorIds.length === 1 ? authorIds[0] : { $in: authorIds },
        kind: { $in: [...BONUS_SALES_KINDS, ...BONUS_KINDS] },
        occurredAt: { $lt: run.periodEnd },
      })
      .select({
        _id: 0,
        authorId: 1,
        orderId: 1,
        lineIndex: 1,
        party: 1,
        kind: 1,
        lineTotalAgorot: 1,
        occurredAt: 1,
      })
      .lean<AuthorRow[]>();
    const byAuthor = new Map<string, AuthorRow[]>();
    for (const entry of entries) {
      const key = entry.authorId.toHexString();
      const list = byAuthor.get(key);
      if (list) list.push(entry);
      else byAuthor.set(key, [entry]);
    }
    const rows = authorIds.flatMap((authorId) =>
      this.unbooked(run, authorId, byAuthor.get(authorId.toHexString()) ?? [], institutionOrders),
    );
    if (!rows.length) return 0;
    try {
      await this.ledger.collection.insertMany(rows, { ordered: false });
    } catch (error) {
      // Another attempt of the run booked some of them first: they stand.
      if (!onlyDuplicateKeys(error)) throw error;
    }
    return rows.length;
  }

  /** The bonus entries one author's sales earned that their ledger does not hold yet. */
  private unbooked(
    run: { periodEnd: Date },
    authorId: Types.ObjectId,
    entries: readonly AuthorRow[],
    institutionOrders: ReadonlySet<string>,
  ) {
    const sales = entries
      .filter((e) => e.party === 'author' && isSalesKind(e.kind))
      .map((e) => ({
        kind: e.kind,
        lineTotalAgorot: e.lineTotalAgorot,
        occurredAt: e.occurredAt,
        institution: institutionOrders.has(e.orderId.toHexString()),
      }));
    const booked = new Set(entries.filter((e) => !isSalesKind(e.kind)).map(entryKey));
    return earnedBonuses(sales, run.periodEnd)
      .flatMap((bonus) =>
        bonusLedgerEntries({
          authorId,
          month: bonus.month,
          rule: bonus.rule,
          amountAgorot: bonus.amount,
          bookedAt: bonus.bookedAt,
        }),
      )
      .filter((row) => !booked.has(entryKey(row)));
  }

  /** The orders bought by accounts an admin marked as institutions (their ids, as hex). */
  async institutionOrders(): Promise<Set<string>> {
    const institutions = await this.users
      .find({ isInstitution: true })
      .select({ _id: 1 })
      .lean<Array<{ _id: Types.ObjectId }>>();
    if (!institutions.length) return new Set();
    const orders = await this.orders
      .find({ 'user.userId': { $in: institutions.map((user) => user._id) } })
      .select({ _id: 1 })
      .lean<Array<{ _id: Types.ObjectId }>>();
    return new Set(orders.map((order) => order._id.toHexString()));
  }
}
