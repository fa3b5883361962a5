import { Injectable, Logger } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import {
  isDuplicateKeyError,
  LEDGER_ENTRY_MODEL,
  PAYOUT_MODEL,
  PAYOUT_RUN_MODEL,
  payoutLedgerEntry,
  type LedgerEntryModel,
  type PayoutModel,
  type PayoutRunModel,
} from '@mechabrim/db';
import { PayoutBatchStep } from './payout-batch-step';
import { PayoutPlanner } from './payout-planner';
import { PayoutRunService } from './payout-run.service';
import type { AuthorOutcome, RunView } from './payout-run.types';
import { PayoutStatements } from './payout-statements';

/**
 * An admin released an author's hold (issue 23): the payout their period's run held is paid in
 * that same period, not a month later. The run's decision is drawn again as the run drew it (its
 * moment, its period, the author's ledger and payouts), and the held row becomes the payout in one
 * transaction with its ledger entry: conditional on the row still being held, and the entry keyed
 * by the payout's id, so a repeated job or two workers pay it exactly once. Then the run's bank
 * file takes it (`PayoutBatchStep`: the run's file while no admin has downloaded it, else the
 * run's next one, once that is marked sent), its statement is drawn again, and the run's totals
 * follow.
 */
@Injectable()
export class PayoutReleaseStep {
  private readonly logger = new Logger(PayoutReleaseStep.name);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(PAYOUT_RUN_MODEL) private readonly runs: PayoutRunModel,
    @InjectModel(PAYOUT_MODEL) private readonly payouts: PayoutModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    private readonly run: PayoutRunService,
    private readonly planner: PayoutPlanner,
    private readonly batch: PayoutBatchStep,
    private readonly statements: PayoutStatements,
  ) {}

  async pay(payoutId: string): Promise<AuthorOutcome> {
    const id = new Types.ObjectId(payoutId);
    const held = await this.payouts
      .findOne({ _id: id, status: 'held' })
      .select({ runId: 1, authorId: 1 })
      .lean<{ runId: Types.ObjectId; authorId: Types.ObjectId }>();
    if (!held) return { outcome: 'exists' };
    const run = await this.runs.findById(held.runId).lean<RunView>();
    if (!run) return { outcome: 'exists' };
    const planned = await this.planner.plan(run, held.authorId, id);
    if ('outcome' in planned) return planned;
    // Held again (put on hold anew, or the details do not open): it waits as it was.
    if (planned.row.status === 'held') return { outcome: 'held', grossAgorot: 0 };
    const { _id: _same, createdAt: _created, ...row } = planned.row;
    try {
      await this.connection.transaction(async (session) => {
        const changed = await this.payouts.updateOne(
          { _id: id, status: 'held' },
          { $set: { ...row, statementFileKey: null } },
          { session },
        );
        if (changed.modifiedCount === 0) throw new AlreadyPaid();
        await this.ledger.create([payoutLedgerEntry({ ...row, _id: id }, 'paid', run.startedAt)], {
          session,
        });
      });
    } catch (error) {
      if (error instanceof AlreadyPaid || isDuplicateKeyError(error)) return { outcome: 'exists' };
      throw error;
    }
    await this.batch.write(run);
    // Its statement drawn again, here (one PDF): the run's others may still be queued.
    await this.statements.issueOne(payoutId);
    if (run.status === 'done') {
      const totals = await this.run.rowTotals(run._id);
      await this.runs.updateOne(
        { _id: run._id },
        { $set: Object.fromEntries(Object.entries(totals).map(([k, v]) => [`totals.${k}`, v])) },
      );
    }
    this.logger.log({ payoutId, period: run.period, msg: 'released payout paid' });
    return { outcome: 'planned', grossAgorot: row.grossAgorot };
  }
}

/** The row was paid by another attempt between the read and the write. */
class AlreadyPaid extends Error {}
