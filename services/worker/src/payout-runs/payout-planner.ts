import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import {
  maskDigits,
  payoutDetailsRequestSchema,
  type PayoutDetailsRequest,
} from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  PAYOUT_DETAILS_MODEL,
  PAYOUT_MODEL,
  PAYOUT_MONEY_STATUSES,
  type BookModel,
  type LedgerEntryModel,
  type PayoutDetailsModel,
  type PayoutHeldReason,
  type PayoutModel,
  type PayoutStatus,
} from '@mechabrim/db';
import { decidePayout, selectPayoutPolicy } from '@mechabrim/money';
import { seal, unseal, type SealedValue } from '@mechabrim/server-kit';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { payoutDetailsKey } from './payout-details-key';
import { drawStatement, type LeanEntry } from './payout-plan-statement';
import type { RunView } from './payout-run.types';

/** A payout row as {@link PayoutPlanner.plan} draws it, ready to write. */
export interface PlannedPayoutRow {
  _id: Types.ObjectId;
  runId: Types.ObjectId;
  authorId: Types.ObjectId;
  period: string;
  periodEnd: Date;
  status: PayoutStatus;
  heldReason: PayoutHeldReason | null;
  grossAgorot: number;
  withheldAgorot: number;
  netAgorot: number;
  withholdingPercent: number;
  statement: Record<string, unknown>;
  bank: Record<string, unknown> | null;
  createdAt: Date;
}

/** What the run pays one author: their payout row, or why there is none. */
export type Planned =
  | { row: PlannedPayoutRow }
  | { outcome: 'carried'; balanceAgorot: number }
  | { outcome: 'nothing' };

interface StoredDetails {
  sealed: SealedValue;
  payoutHold?: { reason: string; since: Date } | null;
}

/** A past payout of an author as {@link PayoutPlanner.plan} reads it. */
interface PastRow {
  authorId: Types.ObjectId;
  status: PayoutStatus;
  grossAgorot: number;
  periodEnd: Date;
  createdAt: Date;
}

/** What the payout of a few authors is decided from (by author, as hex). */
export interface PlanInputs {
  entries: Map<string, LeanEntry[]>;
  past: Map<string, PastRow[]>;
  details: Map<string, StoredDetails>;
  titles: Map<string, string>;
}

/** The ledger fields a plan reads. */
const PLAN_ENTRY_FIELDS = {
  _id: 0,
  orderId: 1,
  lineIndex: 1,
  party: 1,
  kind: 1,
  amountAgorot: 1,
  quantity: 1,
  lineTotalAgorot: 1,
  bookId: 1,
  authorId: 1,
  bonusMonth: 1,
  bonusRule: 1,
  occurredAt: 1,
} as const;

/**
 * Step 3's decision for each author, reading only: what the run pays them by its policy, from
 * their ledger, their past payouts and their details, drawn as the payout row with its statement
 * (held when their details are on hold or missing). The run and the release of a hold write it.
 */
@Injectable()
export class PayoutPlanner {
  private readonly logger = new Logger(PayoutPlanner.name);

  constructor(
    @InjectModel(PAYOUT_MODEL) private readonly payouts: PayoutModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(PAYOUT_DETAILS_MODEL) private readonly details: PayoutDetailsModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
  ) {}

  /**
   * What the run pays one author, as the payout row `payoutId` would hold it, or why there is
   * none: nothing owed, or a balance that rolls over.
   */
  async plan(run: RunView, authorId: Types.ObjectId, payoutId: Types.ObjectId): Promise<Planned> {
    return this.planFrom(run, authorId, payoutId, await this.inputs(run, [authorId]));
  }

  /**
   * What {@link planFrom} reads of these authors, in a few queries for all of them: their ledger
   * before the period's end (payouts aside), their payouts, their details and their books' titles.
   */
  async inputs(run: RunView, authorIds: readonly Types.ObjectId[]): Promise<PlanInputs> {
    const inputs: PlanInputs = {
      entries: new Map(),
      past: new Map(),
      details: new Map(),
      titles: new Map(),
    };
    if (!authorIds.length) return inputs;
    const [entries, past, details] = await Promise.all([
      this.ledger
        .find({
          authorId: { $in: authorIds },
          kind: { $ne: 'payout' },
          occurredAt: { $lt: run.periodEnd },
        })
        .select(PLAN_ENTRY_FIELDS)
        .lean<LeanEntry[]>(),
      this.payouts
        .find({ authorId: { $in: authorIds } })
        .select({ authorId: 1, status: 1, grossAgorot: 1, periodEnd: 1, createdAt: 1 })
        .lean<PastRow[]>(),
      this.details
        .find({ user: { $in: authorIds } })
        .lean<Array<StoredDetails & { user: Types.ObjectId }>>(),
    ]);
    for (const entry of entries) pushTo(inputs.entries, entry.authorId.toHexString(), entry);
    for (const row of past) pushTo(inputs.past, row.authorId.toHexString(), row);
    for (const stored of details) inputs.details.set(stored.user.toHexString(), stored);
    const bookIds = [
      ...new Set(entries.flatMap((e) => (e.bookId ? [e.bookId.toHexString()] : []))),
    ];
    inputs.titles = await this.titles(bookIds);
    return inputs;
  }

  /** {@link plan} from what {@link inputs} read: the same queries' filters, in memory. */
  planFrom(
    run: RunView,
    authorId: Types.ObjectId,
    payoutId: Types.ObjectId,
    inputs: PlanInputs,
  ): Planned {
    const key = authorId.toHexString();
    const all = inputs.entries.get(key) ?? [];
    const past = inputs.past.get(key) ?? [];
    const moneyMoved = past.filter((p) => PAYOUT_MONEY_STATUSES.includes(p.status));
    const decision = decidePayout(
      selectPayoutPolicy(run.policy),
      all.filter((entry) => entry.party === 'author'),
      moneyMoved.map((p) => ({
        amountAgorot: p.grossAgorot,
        periodEnd: p.periodEnd,
        paidAt: p.createdAt,
      })),
      run.startedAt,
    );
    if (!decision.due) {
      return decision.balance === 0
        ? { outcome: 'nothing' as const }
        : { outcome: 'carried' as const, balanceAgorot: decision.balance };
    }

    const opened = this.openDetails(authorId, inputs.details.get(key) ?? null);
    const heldReason: PayoutHeldReason | null = 'held' in opened ? opened.held : null;
    const details = 'details' in opened ? opened.details : null;
    const withholdingPercent =
      details?.taxStatus === 'private' ? this.config.payouts.withholdingPercent : 0;
    const from = statementStart(past);
    const inWindow = all.filter((entry) => !from || entry.occurredAt >= from);
    const { statement, record } = drawStatement(run, {
      decision,
      inWindow,
      from,
      withholdingPercent,
      heldReason,
      titles: inputs.titles,
    });
    const row = {
      _id: payoutId,
      runId: run._id,
      authorId,
      period: run.period,
      periodEnd: run.periodEnd,
      status: (heldReason ? 'held' : 'planned') as PayoutStatus,
      heldReason,
      grossAgorot: statement.gross,
      withheldAgorot: statement.withheld,
      netAgorot: statement.net,
      withholdingPercent,
      statement: record,
      bank: details && this.bankOf(details, payoutId),
      createdAt: new Date(),
    };
    return { row };
  }

  /** The bank details a payout row keeps: the account masked, the secrets sealed to the payout. */
  private bankOf(details: PayoutDetailsRequest, payoutId: Types.ObjectId) {
    return {
      accountHolder: details.accountHolder,
      bankCode: details.bankCode,
      branch: details.branch,
      accountMasked: maskDigits(details.account, 4),
      taxStatus: details.taxStatus,
      sealed: seal(
        payoutDetailsKey(this.config),
        JSON.stringify({ account: details.account, taxId: details.taxId }),
        payoutId.toHexString(),
      ),
    };
  }

  /** The author's bank details, or why the payout is held. */
  private openDetails(
    authorId: Types.ObjectId,
    stored: StoredDetails | null,
  ): { details: PayoutDetailsRequest } | { held: PayoutHeldReason } {
    if (!stored) return { held: 'no-details' };
    if (stored.payoutHold) return { held: 'on-hold' };
    try {
      return {
        details: payoutDetailsRequestSchema.parse(
          JSON.parse(unseal(payoutDetailsKey(this.config), stored.sealed, authorId.toHexString())),
        ),
      };
    } catch (error) {
      // Sealed with another key: held, as if never entered, until the author enters them again.
      this.logger.warn({
        authorId: authorId.toHexString(),
        err: error,
        msg: 'payout details do not open',
      });
      return { held: 'no-details' };
    }
  }

  private async titles(ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const books = await this.books
      .find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } })
      .select({ title: 1 })
      .lean<Array<{ _id: Types.ObjectId; title: string }>>();
    return new Map(books.map((book) => [book._id.toHexString(), book.title]));
  }
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Where the statement's lines start: where the author's last statement that paid (or was
 * returned) ended. A held statement paid nothing, so its lines are shown again.
 */
function statementStart(past: readonly PastRow[]): Date | null {
  return past
    .filter((p) => p.status !== 'held')
    .reduce<Date | null>((last, p) => (!last || p.periodEnd > last ? p.periodEnd : last), null);
}
