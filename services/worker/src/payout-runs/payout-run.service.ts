import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import {
  isDuplicateKeyError,
  LEDGER_ENTRY_MODEL,
  onlyDuplicateKeys,
  openPayoutRun,
  PAYOUT_MODEL,
  PAYOUT_RUN_MODEL,
  payoutLedgerEntry,
  type LedgerEntryModel,
  type PayoutModel,
  type PayoutRunModel,
  type PayoutStatus,
} from '@mechabrim/db';
import { payoutPeriodOf } from '@mechabrim/money';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { CommunityAllocationStep } from './community-allocation';
import { PayoutBatchStep } from './payout-batch-step';
import { PayoutBonusesStep } from './payout-bonuses';
import { payoutDetailsKey } from './payout-details-key';
import { PayoutPlanner, type PlannedPayoutRow } from './payout-planner';
import type { AuthorOutcome, RunTotals, RunView } from './payout-run.types';
import { PayoutStatements } from './payout-statements';

export type { AuthorOutcome, RunTotals, RunView } from './payout-run.types';

/** Authors decided and written together (a transaction each). */
const AUTHORS_PER_STEP = 100;

/**
 * The payout run (issue 23, ARCHITECTURE.md decision 13), as named steps each safe to repeat:
 * 1. **Open the period's run** (one per period: a second start resumes it).
 * 2. **Each author's bonuses** the months that ended earned, booked in the ledger once
 *    (`payout-bonuses.ts`), so the author's balance below includes them.
 * 3. **Each author**, alone: decide by the policy from their ledger and past payouts
 *    (`payout-planner.ts`); write the payout row with its statement and, when it pays, its ledger
 *    entry, in one transaction. The unique (author, period) makes a repeated or resumed step a
 *    no-op.
 * 4. **The community fund's allocations** to its projects, once per period
 *    (`community-allocation.ts`), then **the bank file** of the run's payouts and allocations,
 *    written once (its content is the run's alone: `payout-batch-step.ts`).
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
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    private readonly community: CommunityAllocationStep,
    private readonly bonuses: PayoutBonusesStep,
    private readonly planner: PayoutPlanner,
    private readonly batch: PayoutBatchStep,
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
    const key = payoutDetailsKey(this.config);
    const carried = await this.payEveryAuthor(run);
    await this.community.allocate(run, key);
    await this.batch.write(run);
    // The statements are drawn by jobs of their own (a PDF each): the run's money is done.
    await this.statements.queue(run._id);
    const totals = { ...(await this.rowTotals(run._id)), ...carried };
    await this.runs.updateOne(
      { _id: run._id, status: 'running' },
      { $set: { status: 'done', finishedAt: new Date(), totals } },
    );
    this.logger.log({ period: run.period, ...totals, msg: 'payout run done' });
    return totals;
  }

  /** Steps 2 and 3 for every author with a ledger before the period's end, a hundred at a time. */
  private async payEveryAuthor(
    run: RunView,
  ): Promise<Pick<RunTotals, 'carriedCount' | 'carriedAgorot'>> {
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
    return { carriedCount, carriedAgorot };
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
    const inputs = await this.planner.inputs(run, due);
    const rows: PlannedPayoutRow[] = [];
    for (const authorId of due) {
      const planned = this.planner.planFrom(run, authorId, new Types.ObjectId(), inputs);
      if ('outcome' in planned) outcomes.set(authorId.toHexString(), planned);
      else rows.push(planned.row);
    }
    if (rows.length > 0) await this.writeRows(run, rows, outcomes);
    return authorIds.map((id) => outcomes.get(id.toHexString()) ?? { outcome: 'nothing' });
  }

  /** The planned rows and their ledger entries in one transaction, their outcomes recorded. */
  private async writeRows(
    run: RunView,
    rows: readonly PlannedPayoutRow[],
    outcomes: Map<string, AuthorOutcome>,
  ): Promise<void> {
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

  /** One author's payout row and its ledger entry, in a transaction of its own (or it exists). */
  private async payOne(run: RunView, authorId: Types.ObjectId): Promise<AuthorOutcome> {
    if (await this.payouts.exists({ authorId, period: run.period })) return { outcome: 'exists' };
    const planned = await this.planner.plan(run, authorId, new Types.ObjectId());
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
