import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import {
  maskDigits,
  orderReference,
  payoutDetailsRequestSchema,
  type PayoutDetailsRequest,
} from '@mechabrim/contracts';
import {
  BONUS_KINDS,
  BOOK_MODEL,
  isDuplicateKeyError,
  LEDGER_ENTRY_MODEL,
  onlyDuplicateKeys,
  SHIPPING_KINDS,
  openPayoutRun,
  PAYOUT_DETAILS_MODEL,
  PAYOUT_MODEL,
  PAYOUT_MONEY_STATUSES,
  PAYOUT_RUN_MODEL,
  payoutLedgerEntry,
  type BookModel,
  type LedgerEntryModel,
  type PayoutDetailsModel,
  type PayoutHeldReason,
  type PayoutModel,
  type PayoutRunModel,
  type PayoutStatus,
} from '@mechabrim/db';
import {
  BONUS_RULES,
  bonusTotal,
  decidePayout,
  payoutPeriodOf,
  payoutStatement,
  selectPayoutPolicy,
  type BonusLine,
  type BonusRule,
  type StatementLedgerEntry,
} from '@mechabrim/money';
import { seal, unseal, type SealedValue } from '@mechabrim/server-kit';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { CommunityAllocationStep } from './community-allocation';
import { PayoutBonusesStep } from './payout-bonuses';
import {
  payoutBatchFile,
  payoutBatchFileKey,
  storePayoutBatch,
  type BatchPayout,
} from './payout-batch';
import { PayoutStatements } from './payout-statements';

/** The run as its steps read it. */
export interface RunView {
  _id: Types.ObjectId;
  period: string;
  periodEnd: Date;
  startedAt: Date;
  policy: 'monthly' | 'authors-terms';
  status: 'running' | 'done';
  batch?: { fileKey: string } | null;
}

/** What one author's step did. */
export type AuthorOutcome =
  | { outcome: 'planned' | 'held'; grossAgorot: number }
  | { outcome: 'carried'; balanceAgorot: number }
  | { outcome: 'exists' | 'nothing' };

export interface RunTotals {
  paidCount: number;
  grossAgorot: number;
  withheldAgorot: number;
  netAgorot: number;
  heldCount: number;
  heldAgorot: number;
  carriedCount: number;
  carriedAgorot: number;
}

/** A payout row as {@link PayoutRunService.plan} draws it, ready to write. */
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

interface StoredBatch {
  fileKey: string;
  credits: number;
  sentAt?: Date | null;
}

interface StoredDetails {
  sealed: SealedValue;
  payoutHold?: { reason: string; since: Date } | null;
}

interface LeanEntry {
  authorId: Types.ObjectId;
  orderId: Types.ObjectId;
  lineIndex: number;
  party: StatementLedgerEntry['party'];
  kind: string;
  amountAgorot: number;
  quantity: number;
  lineTotalAgorot: number;
  bookId?: Types.ObjectId | null;
  bonusMonth?: string;
  bonusRule?: string;
  occurredAt: Date;
}

/** A past payout of an author as {@link PayoutRunService.plan} reads it. */
interface PastRow {
  authorId: Types.ObjectId;
  status: PayoutStatus;
  grossAgorot: number;
  periodEnd: Date;
  createdAt: Date;
}

/** What the payout of a few authors is decided from (by author, as hex). */
interface PlanInputs {
  entries: Map<string, LeanEntry[]>;
  past: Map<string, PastRow[]>;
  details: Map<string, StoredDetails>;
  titles: Map<string, string>;
}

type Planned =
  | { row: PlannedPayoutRow }
  | { outcome: 'carried'; balanceAgorot: number }
  | { outcome: 'nothing' };

/** Authors decided and written together (a transaction each). */
const AUTHORS_PER_STEP = 100;

/** What a statement's lines leave out: payouts, the order's shipping, bonuses (listed apart). */
const STATEMENT_SKIPPED_KINDS: ReadonlySet<string> = new Set([
  'payout',
  ...SHIPPING_KINDS,
  ...BONUS_KINDS,
]);

/**
 * The payout run (issue 23, ARCHITECTURE.md decision 13), as named steps each safe to repeat:
 * 1. **Open the period's run** (one per period: a second start resumes it).
 * 2. **Each author's bonuses** the months that ended earned, booked in the ledger once
 *    (`payout-bonuses.ts`), so the author's balance below includes them.
 * 3. **Each author**, alone: decide by the policy from their ledger and past payouts; write the
 *    payout row with its statement and, when it pays, its ledger entry, in one transaction. The
 *    unique (author, period) makes a repeated or resumed step a no-op.
 * 4. **The community fund's allocations** to its projects, once per period
 *    (`community-allocation.ts`), then **the bank file** of the run's payouts and allocations,
 *    written once (its content is the run's alone).
 * 5. **The statements**: each payout's PDF and its mail, once ({@link PayoutStatements}).
 * 6. **Done**, with the run's totals.
 */
@Injectable()
export class PayoutRunService {
  private readonly logger = new Logger(PayoutRunService.name);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(PAYOUT_RUN_MODEL) private readonly runs: PayoutRunModel,
    @InjectModel(PAYOUT_MODEL) private readonly payouts: PayoutModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(PAYOUT_DETAILS_MODEL) private readonly details: PayoutDetailsModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    private readonly community: CommunityAllocationStep,
    private readonly bonuses: PayoutBonusesStep,
    private readonly statements: PayoutStatements,
  ) {}

  /** Step 1: the run `runId` names, or (the schedule's job) the run of the period `now` is in. */
  async openRun(runId: string | undefined, now: Date): Promise<RunView | null> {
    if (runId) return this.runs.findById(runId).lean<RunView>();
    const period = payoutPeriodOf(now);
    const { run } = await openPayoutRun(this.runs, {
      period: period.month,
      periodEnd: period.end,
      startedAt: now,
      startedBy: 'schedule',
      policy: this.config.payouts.policy,
    });
    return run.toObject();
  }

  /** Steps 2–6 for a run (a done run is left as it is). */
  async execute(run: RunView): Promise<RunTotals | null> {
    if (run.status === 'done') return null;
    this.key();
    const authorIds = (
      await this.ledger.distinct('authorId', {
        party: 'author',
        occurredAt: { $lt: run.periodEnd },
      })
    ).sort((a, b) => a.toHexString().localeCompare(b.toHexString()));
    let carriedCount = 0;
    let carriedAgorot = 0;
    const institutionOrders = await this.bonuses.institutionOrders();
    for (let start = 0; start < authorIds.length; start += AUTHORS_PER_STEP) {
      const authors = authorIds.slice(start, start + AUTHORS_PER_STEP);
      await this.bonuses.bookMany(run, authors, institutionOrders);
      for (const outcome of await this.payAuthors(run, authors)) {
        if (outcome.outcome === 'carried' && outcome.balanceAgorot > 0) {
          carriedCount += 1;
          carriedAgorot += outcome.balanceAgorot;
        }
      }
    }
    await this.community.allocate(run, this.key());
    await this.writeBatch(run);
    // The statements are drawn by jobs of their own (a PDF each): the run's money is done.
    await this.statements.queue(run._id);
    const totals = { ...(await this.rowTotals(run._id)), carriedCount, carriedAgorot };
    await this.runs.updateOne(
      { _id: run._id, status: 'running' },
      { $set: { status: 'done', finishedAt: new Date(), totals } },
    );
    this.logger.log({ period: run.period, ...totals, msg: 'payout run done' });
    return totals;
  }

  /** Step 3 for one author. */
  async payAuthor(run: RunView, authorId: Types.ObjectId): Promise<AuthorOutcome> {
    const [outcome] = await this.payAuthors(run, [authorId]);
    return outcome ?? { outcome: 'nothing' };
  }

  /**
   * Step 3 for a few authors at once (their outcomes in the same order): their ledgers, past
   * payouts, details and books read in a handful of queries, each author decided alone, then
   * every payout row and payout ledger entry of them written in one transaction. The unique
   * (author, period) of a payout and the payout entry's key (the payout's id) keep it exactly
   * once: when another attempt of the run wrote one of them first, the transaction writes
   * nothing and the authors are paid one by one, each in a transaction of its own.
   */
  async payAuthors(run: RunView, authorIds: readonly Types.ObjectId[]): Promise<AuthorOutcome[]> {
    const paid = new Set(
      (
        await this.payouts
          .find({ authorId: { $in: authorIds }, period: run.period })
          .select({ authorId: 1 })
          .lean<Array<{ authorId: Types.ObjectId }>>()
      ).map((row) => row.authorId.toHexString()),
    );
    const outcomes = new Map<string, AuthorOutcome>();
    const due = authorIds.filter((id) => {
      if (!paid.has(id.toHexString())) return true;
      outcomes.set(id.toHexString(), { outcome: 'exists' });
      return false;
    });
    const inputs = await this.planInputs(run, due);
    const rows: PlannedPayoutRow[] = [];
    for (const authorId of due) {
      const planned = this.planFrom(run, authorId, new Types.ObjectId(), inputs);
      if ('outcome' in planned) outcomes.set(authorId.toHexString(), planned);
      else rows.push(planned.row);
    }
    if (rows.length > 0) {
      try {
        await this.connection.transaction(async (session) => {
          // Drawn here from the schemas' types (money as whole agorot from @mechabrim/money):
          // written without hydrating each statement, which costs more than the rest.
          await this.payouts.insertMany(
            rows.map((row) => this.payouts.applyDefaults(row)),
            { session, lean: true },
          );
          const entries = rows
            .filter((row) => row.status !== 'held')
            .map((row) => payoutLedgerEntry(row, 'paid', run.startedAt));
          if (entries.length) await this.ledger.insertMany(entries, { session });
        });
        for (const row of rows)
          outcomes.set(row.authorId.toHexString(), {
            outcome: row.status === 'held' ? 'held' : 'planned',
            grossAgorot: row.grossAgorot,
          });
      } catch (error) {
        // Another attempt of the same run wrote some of these payouts first: nothing of this
        // transaction was written; author by author, the ones written stand.
        if (!isDuplicateKeyError(error) && !onlyDuplicateKeys(error)) throw error;
        for (const row of rows)
          outcomes.set(row.authorId.toHexString(), await this.payOne(run, row.authorId));
      }
    }
    return authorIds.map((id) => outcomes.get(id.toHexString()) ?? { outcome: 'nothing' });
  }

  /** One author's payout row and its ledger entry, in a transaction of its own (or it exists). */
  private async payOne(run: RunView, authorId: Types.ObjectId): Promise<AuthorOutcome> {
    if (await this.payouts.exists({ authorId, period: run.period })) return { outcome: 'exists' };
    const planned = await this.plan(run, authorId, new Types.ObjectId());
    if ('outcome' in planned) return planned;
    const { row } = planned;
    const held = row.status === 'held';
    try {
      await this.connection.transaction(async (session) => {
        await this.payouts.insertMany([this.payouts.applyDefaults(row)], { session, lean: true });
        if (!held)
          await this.ledger.insertMany([payoutLedgerEntry(row, 'paid', run.startedAt)], {
            session,
          });
      });
    } catch (error) {
      // Another attempt of the same run wrote this author's payout first: it stands.
      if (isDuplicateKeyError(error) || onlyDuplicateKeys(error)) return { outcome: 'exists' };
      throw error;
    }
    return { outcome: held ? 'held' : 'planned', grossAgorot: row.grossAgorot };
  }

  /**
   * What the run pays one author, as the payout row `payoutId` would hold it (held when their
   * details are on hold or missing), or why there is none: nothing owed, or a balance that rolls
   * over. Reads only; {@link payAuthors} and the release of a hold write it.
   */
  async plan(run: RunView, authorId: Types.ObjectId, payoutId: Types.ObjectId): Promise<Planned> {
    return this.planFrom(run, authorId, payoutId, await this.planInputs(run, [authorId]));
  }

  /**
   * What {@link planFrom} reads of these authors, in a few queries for all of them: their ledger
   * before the period's end (payouts aside), their payouts, their details and their books' titles.
   */
  private async planInputs(
    run: RunView,
    authorIds: readonly Types.ObjectId[],
  ): Promise<PlanInputs> {
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
        .select({
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
        })
        .lean<LeanEntry[]>(),
      this.payouts
        .find({ authorId: { $in: authorIds } })
        .select({ authorId: 1, status: 1, grossAgorot: 1, periodEnd: 1, createdAt: 1 })
        .lean<PastRow[]>(),
      this.details
        .find({ user: { $in: authorIds } })
        .lean<Array<StoredDetails & { user: Types.ObjectId }>>(),
    ]);
    const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
      const list = map.get(key);
      if (list) list.push(value);
      else map.set(key, [value]);
    };
    for (const entry of entries) push(inputs.entries, entry.authorId.toHexString(), entry);
    for (const row of past) push(inputs.past, row.authorId.toHexString(), row);
    for (const stored of details) inputs.details.set(stored.user.toHexString(), stored);
    const bookIds = [
      ...new Set(entries.flatMap((e) => (e.bookId ? [e.bookId.toHexString()] : []))),
    ];
    inputs.titles = await this.titles(bookIds);
    return inputs;
  }

  /** {@link plan} from what {@link planInputs} read: the same queries' filters, in memory. */
  private planFrom(
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
    // The statement's lines start where the author's last statement that paid (or was returned)
    // ended: a held statement paid nothing, so its lines are shown again.
    const from = past
      .filter((p) => p.status !== 'held')
      .reduce<Date | null>((last, p) => (!last || p.periodEnd > last ? p.periodEnd : last), null);
    const inWindow = all.filter((entry) => !from || entry.occurredAt >= from);
    const bonusLines = this.bonusLines(inWindow);
    const statement = payoutStatement({
      entries: this.statementEntries(inWindow),
      decision,
      withholdingPercent,
      pay: !heldReason,
      bonuses: bonusTotal(bonusLines),
    });
    const titles = inputs.titles;
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
      statement: {
        from,
        to: run.periodEnd,
        lines: statement.lines.map((line) => ({
          orderId: new Types.ObjectId(line.orderId),
          orderReference: orderReference(line.orderId),
          lineIndex: line.lineIndex,
          bookId: line.bookId ? new Types.ObjectId(line.bookId) : null,
          bookTitle: (line.bookId && titles.get(line.bookId)) ?? '',
          copies: line.copies,
          lineTotalAgorot: line.lineTotal,
          vatAgorot: line.vat,
          authorAgorot: line.author,
          communityAgorot: line.community,
          platformAgorot: line.platform,
          printAgorot: line.print,
          refundsAgorot: line.refunds,
        })),
        carriedInAgorot: statement.carriedIn,
        earnedAgorot: statement.earned,
        bonusesAgorot: statement.bonuses,
        bonusLines,
        balanceAgorot: statement.balance,
        grossAgorot: statement.gross,
        withheldAgorot: statement.withheld,
        netAgorot: statement.net,
        carriedOverAgorot: statement.carriedOver,
      },
      bank: details && {
        accountHolder: details.accountHolder,
        bankCode: details.bankCode,
        branch: details.branch,
        accountMasked: maskDigits(details.account, 4),
        taxStatus: details.taxStatus,
        sealed: seal(
          this.key(),
          JSON.stringify({ account: details.account, taxId: details.taxId }),
          payoutId.toHexString(),
        ),
      },
      createdAt: new Date(),
    };
    return { row };
  }

  /**
   * Step 4: the Masav file of the run's payouts and allocations, once. A payout released from a
   * hold after it was written joins it while it is not sent (the file is written again, the same
   * key); once it was sent, the payouts still planned get a file of their own, the next serial,
   * and the sent one is kept in `previousBatches`.
   */
  async writeBatch(run: RunView): Promise<void> {
    const current = await this.runs
      .findById(run._id)
      .select({ batch: 1, previousBatches: 1 })
      .lean<{ batch?: StoredBatch | null; previousBatches?: StoredBatch[] }>();
    const sent = current?.batch?.sentAt ? current.batch : null;
    // After the sending, only what is still planned (the sent file's payouts are paid).
    const statuses: readonly PayoutStatus[] = sent ? ['planned'] : PAYOUT_MONEY_STATUSES;
    const planned = await this.payouts
      .find({ runId: run._id, status: { $in: statuses } })
      .sort({ authorId: 1 })
      .lean<
        Array<{
          _id: Types.ObjectId;
          netAgorot: number;
          periodEnd: Date;
          bank: {
            accountHolder: string;
            bankCode: string;
            branch: string;
            sealed: SealedValue;
          };
        }>
      >();
    const authorCredits: BatchPayout[] = planned.map((payout) => {
      const secret = JSON.parse(
        unseal(this.key(), payout.bank.sealed, payout._id.toHexString()),
      ) as { account: string; taxId: string };
      return {
        bankCode: payout.bank.bankCode,
        branch: payout.bank.branch,
        account: secret.account,
        taxId: secret.taxId,
        accountHolder: payout.bank.accountHolder,
        netAgorot: payout.netAgorot,
        periodEnd: payout.periodEnd,
      };
    });
    // The community fund's transfers go in the run's first file, after the authors'.
    const credits = sent
      ? authorCredits
      : [...authorCredits, ...(await this.community.batchCredits(run, this.key()))];
    if (!credits.length) return;
    // Written already with these credits (a repeated step): nothing to do.
    if (current?.batch && !sent && current.batch.credits === credits.length) return;
    const serial = sent ? (current?.previousBatches?.length ?? 0) + 2 : 1;
    const fileKey = payoutBatchFileKey(run.period, serial);
    await storePayoutBatch(
      this.config.dataDir,
      fileKey,
      payoutBatchFile(this.config.masav, run, credits, serial),
    );
    const batch = {
      fileKey,
      createdAt: new Date(),
      credits: credits.length,
      totalAgorot: credits.reduce((sum, c) => sum + c.netAgorot, 0),
      sentAt: null,
      sentBy: null,
    };
    if (sent) {
      await this.runs.updateOne(
        { _id: run._id, 'batch.fileKey': sent.fileKey },
        { $set: { batch }, $push: { previousBatches: sent } },
      );
    } else if (current?.batch) {
      await this.runs.updateOne({ _id: run._id, 'batch.sentAt': null }, { $set: { batch } });
    } else {
      await this.runs.updateOne({ _id: run._id, batch: null }, { $set: { batch } });
    }
  }

  private key(): Buffer {
    const key = this.config.payouts.detailsKey;
    // Production without PAYOUT_DETAILS_KEY: nothing can be paid; the job fails where admins see it.
    if (!key) throw new Error('PAYOUT_DETAILS_KEY is not set: payout details cannot be opened');
    return key;
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
          JSON.parse(unseal(this.key(), stored.sealed, authorId.toHexString())),
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

  /**
   * Every party's entries of the author's lines in the statement's window (payouts aside, the
   * order's shipping: it rides on the first line's author but is no part of any line, and the
   * bonuses: {@link bonusLines}).
   */
  private statementEntries(inWindow: readonly LeanEntry[]): StatementLedgerEntry[] {
    return inWindow
      .filter((entry) => !STATEMENT_SKIPPED_KINDS.has(entry.kind))
      .map((entry) => ({
        orderId: entry.orderId.toHexString(),
        lineIndex: entry.lineIndex,
        party: entry.party,
        kind: entry.kind,
        amountAgorot: entry.amountAgorot,
        quantity: entry.quantity,
        lineTotalAgorot: entry.lineTotalAgorot,
        bookId: entry.bookId ? entry.bookId.toHexString() : null,
        occurredAt: entry.occurredAt,
      }));
  }

  /** The author's bonuses booked in the statement's window, oldest month first. */
  private bonusLines(inWindow: readonly LeanEntry[]): BonusLine[] {
    return inWindow
      .filter((e) => e.party === 'author' && (BONUS_KINDS as readonly string[]).includes(e.kind))
      .map((e): BonusLine => ({
        month: e.bonusMonth ?? '',
        rule: e.bonusRule as BonusRule,
        amountAgorot: e.amountAgorot,
      }))
      .sort((a, b) =>
        a.month === b.month
          ? BONUS_RULES.indexOf(a.rule) - BONUS_RULES.indexOf(b.rule)
          : a.month.localeCompare(b.month),
      );
  }

  private async titles(ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const books = await this.books
      .find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } })
      .select({ title: 1 })
      .lean<Array<{ _id: Types.ObjectId; title: string }>>();
    return new Map(books.map((book) => [book._id.toHexString(), book.title]));
  }

  async rowTotals(
    runId: Types.ObjectId,
  ): Promise<Omit<RunTotals, 'carriedCount' | 'carriedAgorot'>> {
    const rows = await this.payouts
      .find({ runId })
      .select({ status: 1, grossAgorot: 1, withheldAgorot: 1, netAgorot: 1, statement: 1 })
      .lean<
        Array<{
          status: PayoutStatus;
          grossAgorot: number;
          withheldAgorot: number;
          netAgorot: number;
          statement: { balanceAgorot: number };
        }>
      >();
    const paid = rows.filter((row) => row.status !== 'held');
    const held = rows.filter((row) => row.status === 'held');
    const sum = (list: typeof rows, pick: (row: (typeof rows)[number]) => number) =>
      list.reduce((total, row) => total + pick(row), 0);
    return {
      paidCount: paid.length,
      grossAgorot: sum(paid, (row) => row.grossAgorot),
      withheldAgorot: sum(paid, (row) => row.withheldAgorot),
      netAgorot: sum(paid, (row) => row.netAgorot),
      heldCount: held.length,
      heldAgorot: sum(held, (row) => row.statement.balanceAgorot),
    };
  }
}
