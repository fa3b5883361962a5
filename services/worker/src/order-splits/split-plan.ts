import { PAID_ORDER_STATUSES, type LedgerEntryInput } from '@mechabrim/db';
import { selectSplitPolicy, type SplitPolicy } from '@mechabrim/money';
import {
  bookSoldMails,
  printAdjustmentEntries,
  saleEntries,
  shippingAdjustmentEntries,
  shippingEntries,
  type NewLedgerEntry,
  type PrintCosts,
} from './order-split';
import { countEffects, mailEffects, unwrittenEffects } from './split-effects';
import type {
  AuthorRow,
  PlannedWrite,
  ReadResult,
  SplitOrder,
  SplitRequest,
  StoredEffect,
  StoredEntry,
} from './split-types';

export const isPaid = (status: string) =>
  (PAID_ORDER_STATUSES as readonly string[]).includes(status);

/** What the read stage found for one order, besides the order itself. */
export interface PlanContext {
  /** The configured split policy (an order split before keeps the one its entries name). */
  policy: SplitPolicy;
  /** The order's entries in the ledger (none, but for a retry or a later print charge). */
  stored: readonly StoredEntry[];
  /** The order's rows in the outbox, by id (those a run before this one wrote). */
  effects: ReadonlyMap<string, StoredEffect>;
  authors: ReadonlyMap<string, AuthorRow>;
  /** The quoted print cost per copy of its books (read for orders still to split only). */
  printCosts: PrintCosts;
}

/**
 * The plan stage: what the write stage does for one job's order, with the money of `libs/money`
 * (through `order-split.ts`) and nothing read but what the read stage found. Pure.
 */
export function planSplit(
  request: SplitRequest,
  order: SplitOrder,
  context: PlanContext,
): ReadResult {
  if (order.splitAt) return { write: planResume(request, order, context) };
  if (!isPaid(order.status)) {
    // Never paid, or cancelled before the split: nothing to write, unless a split wrote
    // entries and stopped before its claim — then they are reversed (again: a no-op) and
    // their books counted.
    if (context.stored.length === 0) return { done: { outcome: 'not-sold', status: order.status } };
    const effects = unwrittenEffects({ mails: [], counts: countEffects(order) }, context.effects);
    return { write: { kind: 'reverse', request, order, entries: [], ...effects } };
  }
  // A split that stopped after writing some entries: the rest under the same policy, so the
  // order's entries always add up to its lines.
  const sales = context.stored.filter((e) => e.kind === 'sale');
  const policy = sales[0] ? selectSplitPolicy(sales[0].policy) : context.policy;
  const paidAt = order.paidAt ?? new Date(request.paidAt);
  const sold = [
    ...saleEntries(order, policy, paidAt, context.printCosts),
    ...shippingEntries(order, policy.name, paidAt),
  ];
  const entries = [...sold, ...adjustmentsOf(order, sold, policy.name)];
  const planned = {
    mails: mailEffects(order._id, bookSoldMails(order, sold, context.authors)),
    counts: countEffects(order),
  };
  return {
    write: {
      kind: 'split',
      request,
      order,
      entries,
      ...unwrittenEffects(planned, context.effects),
    },
  };
}

/**
 * An order split before: its mails only if it is still sold (not cancelled since), and not
 * twice; the adjustments of a print charge that came since, unless written already (and the
 * shipping fee's entry of an order split before the ledger held shipping).
 */
function planResume(request: SplitRequest, order: SplitOrder, context: PlanContext): PlannedWrite {
  const { stored } = context;
  const sales = stored.filter((e): e is StoredEntry & NewLedgerEntry => e.kind === 'sale');
  const paid = isPaid(order.status);
  const written = new Set(stored.map((e) => `${e.kind}:${e.lineIndex}:${e.party}`));
  const policy = sales[0]?.policy ?? context.policy.name;
  const shipping = stored.some((e) => e.kind === 'shipping')
    ? []
    : shippingEntries(order, policy, order.paidAt ?? new Date(request.paidAt));
  const missing = paid
    ? [...shipping, ...adjustmentsOf(order, [...stored, ...shipping], policy)].filter(
        (entry) => !written.has(`${entry.kind}:${entry.lineIndex}:${entry.party}`),
      )
    : [];
  const planned = {
    mails: paid ? mailEffects(order._id, bookSoldMails(order, sales, context.authors)) : [],
    counts: countEffects(order),
  };
  return {
    kind: 'resume',
    request,
    order,
    entries: missing,
    ...unwrittenEffects(planned, context.effects),
  };
}

/**
 * The adjustments of the order's print charge (its lines' print and its shipping), if the
 * handoff has stored one; `entries` are the order's sale and shipping entries.
 */
function adjustmentsOf(
  order: SplitOrder,
  entries: readonly LedgerEntryInput[],
  policy: SplitPolicy['name'],
): NewLedgerEntry[] {
  const charge = order.print?.charge;
  if (!charge) return [];
  const at = charge.at ?? new Date();
  return [
    ...printAdjustmentEntries(order, entries, charge.lines ?? [], at),
    ...shippingAdjustmentEntries(order, entries, charge.shippingAgorot, policy, at),
  ];
}
