import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Types } from 'mongoose';
import {
  bonusLedgerEntries,
  LEDGER_ENTRY_MODEL,
  onlyDuplicateKeys,
  ORDER_MODEL,
  USER_MODEL,
  type LedgerEntryModel,
  type OrderModel,
  type UserModel,
} from '@mechabrim/db';
import { BONUS_SALES_KINDS, earnedBonuses, type BonusSalesEntry } from '@mechabrim/money';

interface SalesRow {
  authorId: Types.ObjectId;
  orderId: Types.ObjectId;
  kind: string;
  lineTotalAgorot: number;
  occurredAt: Date;
}

/**
 * The payout run's bonus step (issue 23, spec §9), before any author's payout is decided: every
 * bonus the authors' sales earned in the months that ended by the period's end, booked as ledger
 * entries of their own kind (`bonusLedgerEntries`: the author's, and the platform's that pays it).
 * Safe to repeat: entries already booked are left out, and the ledger's unique key refuses a
 * second of any that two attempts write at once, so no bonus is ever counted twice.
 */
@Injectable()
export class PayoutBonusesStep {
  private readonly logger = new Logger(PayoutBonusesStep.name);

  constructor(
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
  ) {}

  /** Books the bonuses earned before `periodEnd` that are not booked yet; answers how many. */
  async book(run: { period: string; periodEnd: Date }): Promise<number> {
    const [sales, institutionOrders, booked] = await Promise.all([
      this.ledger
        .find({
          party: 'author',
          kind: { $in: [...BONUS_SALES_KINDS] },
          occurredAt: { $lt: run.periodEnd },
        })
        .select({ _id: 0, authorId: 1, orderId: 1, kind: 1, lineTotalAgorot: 1, occurredAt: 1 })
        .lean<SalesRow[]>(),
      this.institutionOrders(),
      this.ledger
        .find({ kind: 'bonus' })
        .select({ _id: 0, orderId: 1, lineIndex: 1, party: 1 })
        .lean<Array<{ orderId: Types.ObjectId; lineIndex: number; party: string }>>(),
    ]);
    const byAuthor = new Map<string, { authorId: Types.ObjectId; entries: BonusSalesEntry[] }>();
    for (const row of sales) {
      const key = row.authorId.toHexString();
      const author = byAuthor.get(key) ?? { authorId: row.authorId, entries: [] };
      author.entries.push({
        kind: row.kind,
        lineTotalAgorot: row.lineTotalAgorot,
        occurredAt: row.occurredAt,
        institution: institutionOrders.has(row.orderId.toHexString()),
      });
      byAuthor.set(key, author);
    }
    const written = new Set(
      booked.map((e) => `${e.orderId.toHexString()}:${e.lineIndex}:${e.party}`),
    );
    const rows = [...byAuthor.values()].flatMap(({ authorId, entries }) =>
      earnedBonuses(entries, run.periodEnd)
        .flatMap((bonus) =>
          bonusLedgerEntries({
            authorId,
            month: bonus.month,
            rule: bonus.rule,
            amountAgorot: bonus.amount,
            bookedAt: bonus.bookedAt,
          }),
        )
        .filter((e) => !written.has(`${e.orderId.toHexString()}:${e.lineIndex}:${e.party}`)),
    );
    if (rows.length > 0) {
      try {
        await this.ledger.collection.insertMany(rows, { ordered: false });
      } catch (error) {
        // Another attempt of the run booked some of them first: they stand.
        if (!onlyDuplicateKeys(error)) throw error;
      }
    }
    this.logger.log({ period: run.period, entries: rows.length, msg: 'bonuses booked' });
    return rows.length;
  }

  /** The orders bought by accounts an admin marked as institutions (their ids, as hex). */
  private async institutionOrders(): Promise<Set<string>> {
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
