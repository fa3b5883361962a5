import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  LEDGER_ENTRY_MODEL,
  ORDER_MODEL,
  OUTBOX_MODEL,
  PAID_ORDER_STATUSES,
  ledgerRows,
  onlyDuplicateKeys,
  reversalEntries,
  type LedgerEntryModel,
  type OrderModel,
  type OutboxModel,
} from '@mechabrim/db';
import type { Types } from 'mongoose';
import type { Settled } from './group-commit';
import { OutboxHandover } from './outbox-handover';
import {
  effectsToWrite,
  firstPerOrder,
  outcomesOf,
  unclaimed,
  type ClaimResult,
} from './split-outcomes';
import type { OrderSplitOutcome, PlannedWrite, SplitEffect, StoredEntry } from './split-types';

const hex = (id: Types.ObjectId) => id.toHexString();

/** A new outbox row's state, as `OutboxSchema`'s defaults make it. */
const NEW_OUTBOX_ROW = {
  status: 'pending',
  attempts: 0,
  claimedUntil: null,
  claimToken: null,
  lastError: null,
  dispatchedAt: null,
} as const;

/** Inserts what is not there yet: rows a run before this one wrote are left as they are. */
async function insertMissing(insert: () => Promise<unknown>): Promise<void> {
  try {
    await insert();
  } catch (error) {
    if (!onlyDuplicateKeys(error)) throw error;
  }
}

/**
 * The write stage: up to `SPLIT_BATCH_MAX` orders written together, each step safe to run again
 * (ARCHITECTURE.md decision 7), in an order that keeps the ledger exact whichever step a crash
 * interrupts:
 * 1. the entries (and a resumed order's print adjustments); the ledger's unique key (order, line,
 *    party, kind) makes a second insert of an entry a no-op;
 * 2. the claim (`splitAt`), only while paid and unsplit — so `splitAt` means every entry is in;
 * 3. the entries of an order cancelled before its claim reversed (its cancellation read the
 *    ledger before step 1 ended);
 * 4. the side effects as outbox rows, under ids made from the order and the line or book
 *    (ARCHITECTURE.md decision 16);
 * 5. after the write, those rows handed to BullMQ (`OutboxHandover`).
 * A job stopped anywhere is run again by BullMQ (a stalled job within 15 s): the read finds the
 * order claimed (or cancelled with entries) and the plan writes only what is missing.
 */
@Injectable()
export class SplitWriter {
  private readonly logger = new Logger(SplitWriter.name);

  constructor(
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    private readonly handover: OutboxHandover,
  ) {}

  /**
   * Each write's outcome, in order. A batch that fails is written again order by order, so one
   * order's failure stays its own.
   */
  async write(writes: readonly PlannedWrite[]): Promise<Settled<OrderSplitOutcome>[]> {
    try {
      return await this.writeTogether(writes);
    } catch (error) {
      if (writes.length === 1) throw error;
      this.logger.warn({
        orders: writes.length,
        err: error instanceof Error ? error.message : String(error),
        msg: 'order split batch failed; writing its orders one by one',
      });
      const results: Settled<OrderSplitOutcome>[] = [];
      for (const write of writes) {
        try {
          results.push(...(await this.writeTogether([write])));
        } catch (error) {
          results.push({ ok: false, error });
        }
      }
      return results;
    }
  }

  private async writeTogether(
    writes: readonly PlannedWrite[],
  ): Promise<Settled<OrderSplitOutcome>[]> {
    const first = firstPerOrder(writes);
    const unique = [...first.values()];
    const at = new Date();
    await this.insertEntries(unique, at);
    const claim = await this.claim(
      unique.filter((write) => write.kind === 'split'),
      at,
    );
    const reversed = unique.filter((write) => unclaimed(write, claim));
    await this.reverse(
      reversed.map((write) => write.order._id),
      at,
    );
    const effects = effectsToWrite(unique, claim);
    await this.insertEffects(effects, at);
    await this.handover.handOver([...effects, ...unique.flatMap((write) => write.pending)]);
    this.logger.debug({ orders: unique.length, reversed: reversed.length, msg: 'orders split' });
    return outcomesOf(writes, first, claim);
  }

  /** Step 1: the entries, before the claim (and a resumed order's print adjustments). */
  private async insertEntries(writes: readonly PlannedWrite[], at: Date): Promise<void> {
    const entries = writes.flatMap((write) => (write.kind === 'reverse' ? [] : write.entries));
    if (entries.length === 0) return;
    // Through the driver: the rows are checked against the schema's rules by `ledgerRows`
    // without a mongoose document each (a quarter of the split's CPU in the worker).
    const rows = ledgerRows(entries, at);
    await insertMissing(() => this.ledger.collection.insertMany(rows, { ordered: false }));
  }

  /** Step 2: the claim of the orders to split, and what it found of those it did not claim. */
  private async claim(splits: readonly PlannedWrite[], at: Date): Promise<ClaimResult> {
    const lost = new Map<string, string>();
    const claimedElsewhere = new Map<string, string>();
    if (splits.length === 0) return { lost, claimedElsewhere };
    const ids = splits.map((write) => write.order._id);
    const claimed = await this.orders.updateMany(
      { _id: { $in: ids }, status: { $in: PAID_ORDER_STATUSES }, splitAt: null },
      { $set: { splitAt: at } },
    );
    if (claimed.modifiedCount === ids.length) return { lost, claimedElsewhere };
    // Cancelled since the read (no `splitAt`), or claimed by a second delivery of the same order
    // running beside this one (its entries are the same ones: nothing to undo). Told apart by the
    // claim's time, to the millisecond: two claims in the same one both say 'split', which only
    // the job's outcome shows.
    const now = await this.orders
      .find({ _id: { $in: ids } })
      .select({ status: 1, splitAt: 1 })
      .lean<{ _id: Types.ObjectId; status: string; splitAt: Date | null }[]>();
    for (const order of now) {
      if (!order.splitAt) lost.set(hex(order._id), order.status);
      else if (order.splitAt.getTime() !== at.getTime()) {
        claimedElsewhere.set(hex(order._id), order.status);
      }
    }
    return { lost, claimedElsewhere };
  }

  /** Step 3: appends the reversal of each of these orders' sale entries that has none yet. */
  private async reverse(orderIds: readonly Types.ObjectId[], at: Date): Promise<void> {
    if (orderIds.length === 0) return;
    const stored = await this.ledger.find({ orderId: { $in: orderIds } }).lean<StoredEntry[]>();
    const rows = ledgerRows(reversalEntries(stored, at), at);
    if (rows.length === 0) return;
    await insertMissing(() => this.ledger.collection.insertMany(rows, { ordered: false }));
  }

  /**
   * Step 4: the side effects' outbox rows, each written once whatever runs before wrote. Through
   * the driver, as the ledger's rows: the split builds every field itself (typed by `SplitEffect`,
   * the schema's defaults in `NEW_OUTBOX_ROW`) without a mongoose document per row.
   */
  private async insertEffects(effects: readonly SplitEffect[], at: Date): Promise<void> {
    if (effects.length === 0) return;
    const rows = effects.map((effect) => ({ ...effect, ...NEW_OUTBOX_ROW, createdAt: at }));
    await insertMissing(() => this.outbox.collection.insertMany(rows, { ordered: false }));
  }
}
