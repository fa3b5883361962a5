import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Queue } from 'bullmq';
import { Types, type Connection } from 'mongoose';
import {
  PAYOUT_BATCH_JOB,
  PAYOUT_QUEUE_NAMES,
  PAYOUT_RUN_JOB,
  PAYOUT_RUN_JOB_OPTIONS,
  payoutRunJobId,
  type PayoutRun,
  type PayoutRunDetail,
  type PayoutBatchJob,
  type PayoutRunsJob,
} from '@mechabrim/contracts';
import {
  isDuplicateKeyError,
  COMMUNITY_ALLOCATION_MODEL,
  LEDGER_ENTRY_MODEL,
  openPayoutRun,
  PAYOUT_MODEL,
  PAYOUT_RUN_MODEL,
  payoutLedgerEntry,
  USER_MODEL,
  type CommunityAllocationModel,
  type LedgerEntryModel,
  type PayoutModel,
  type PayoutRunModel,
  type UserModel,
} from '@mechabrim/db';
import { agorot, payoutPeriodOf, toShekels } from '@mechabrim/money';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { toPayoutRun, type StoredPayoutRow, type StoredRun } from './payout-views';
import { RunAllocationsService } from './run-allocations.service';

const m = messagesHe.payouts;

/** How long after the admin marks a file sent the run's next file is written. */
const NEXT_FILE_DELAY_MS = 5000;
const shekels = (value: number) => toShekels(agorot(value));

/**
 * The admins' side of the payout run (issue 23): start the period's run (the worker does the
 * work), read runs with their authors, download the bank file, mark it sent, and record a
 * transfer the bank returned.
 */
@Injectable()
export class PayoutRunsService {
  private readonly dataDir: string;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(PAYOUT_RUN_MODEL) private readonly runs: PayoutRunModel,
    @InjectModel(PAYOUT_MODEL) private readonly payouts: PayoutModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(COMMUNITY_ALLOCATION_MODEL)
    private readonly allocations: CommunityAllocationModel,
    @InjectQueue(PAYOUT_QUEUE_NAMES.payoutRuns)
    private readonly queue: Queue<PayoutRunsJob | PayoutBatchJob>,
    private readonly runAllocations: RunAllocationsService,
  ) {
    this.dataDir = path.resolve(config.dataDir);
  }

  /**
   * Opens the current period's run (or finds it: one per period) and queues its job while it
   * runs; a run that failed for good is retried. A done run is answered as it is.
   */
  async start(adminId: string, now = new Date()): Promise<PayoutRun> {
    const period = payoutPeriodOf(now);
    const { run } = await openPayoutRun(this.runs, {
      period: period.month,
      periodEnd: period.end,
      startedAt: now,
      startedBy: adminId,
      policy: this.config.payouts.policy,
    });
    if (run.status === 'running') {
      const jobId = payoutRunJobId(run.period);
      const existing = await this.queue.getJob(jobId);
      if (existing && (await existing.isFailed())) await existing.retry();
      else
        await this.queue.add(
          PAYOUT_RUN_JOB,
          { runId: run._id.toHexString() },
          { ...PAYOUT_RUN_JOB_OPTIONS, jobId },
        );
    }
    return toPayoutRun(run.toObject(), await this.statementsPending(run._id));
  }

  async list(): Promise<PayoutRun[]> {
    const runs = await this.runs.find().sort({ startedAt: -1 }).limit(120).lean<StoredRun[]>();
    const pending = await this.payouts.aggregate<{ _id: Types.ObjectId; n: number }>([
      { $match: { runId: { $in: runs.map((run) => run._id) }, statementFileKey: null } },
      { $group: { _id: '$runId', n: { $sum: 1 } } },
    ]);
    const byRun = new Map(pending.map((row) => [row._id.toHexString(), row.n]));
    return runs.map((run) => toPayoutRun(run, byRun.get(run._id.toHexString()) ?? 0));
  }

  async get(id: string): Promise<PayoutRunDetail> {
    const run = await this.runOf(id);
    const rows = await this.payouts
      .find({ runId: run._id })
      .sort({ status: 1, authorId: 1 })
      .lean<StoredPayoutRow[]>();
    const authors = await this.users
      .find({ _id: { $in: rows.map((row) => row.authorId) } })
      .select({ name: 1 })
      .lean<Array<{ _id: Types.ObjectId; name: string }>>();
    const names = new Map(authors.map((a) => [a._id.toHexString(), a.name]));
    return {
      ...toPayoutRun(run, rows.filter((row) => !row.statementFileKey).length),
      ...(await this.runAllocations.forRun(run._id)),
      payouts: rows.map((row) => ({
        id: row._id.toHexString(),
        authorId: row.authorId.toHexString(),
        authorName: names.get(row.authorId.toHexString()) ?? '',
        status: row.status,
        heldReason: row.heldReason ?? null,
        gross: shekels(row.grossAgorot),
        withheld: shekels(row.withheldAgorot),
        net: shekels(row.netAgorot),
        carriedOver: shekels(row.statement.carriedOverAgorot),
        bank: row.bank
          ? {
              bankCode: row.bank.bankCode,
              branch: row.bank.branch,
              accountMasked: row.bank.accountMasked,
              taxStatus: row.bank.taxStatus,
            }
          : null,
      })),
    };
  }

  /**
   * The run's Masav file, from the data folder (never outside it). The first download is recorded
   * on the file before it is read: from then on the worker does not write it again (a payout
   * released later waits for the run's next file), so what the admin has is what marking it sent
   * pays. A file the worker replaced between the read and the record is read again.
   */
  async batchFile(id: string): Promise<{ content: Buffer; fileName: string }> {
    let run = await this.runOf(id);
    for (let round = 0; run.batch && !run.batch.downloadedAt && round < 3; round += 1) {
      const recorded = await this.runs.updateOne(
        { _id: run._id, 'batch.fileKey': run.batch.fileKey, 'batch.downloadedAt': null },
        { $set: { 'batch.downloadedAt': new Date() } },
      );
      if (recorded.modifiedCount === 1) break;
      run = await this.runOf(id);
    }
    if (!run.batch) throw new DomainError('not_found', m.noBatch);
    const file = path.resolve(this.dataDir, run.batch.fileKey);
    if (!file.startsWith(this.dataDir + path.sep)) throw new DomainError('not_found', m.noBatch);
    try {
      return { content: await readFile(file), fileName: `payouts-${run.period}.msv` };
    } catch {
      throw new DomainError('not_found', m.noBatch);
    }
  }

  /**
   * The admin sent the file to the bank: the batch is dated, and the transfers in that file (never
   * a payout it lacks) are paid. Payouts of the run still planned then (released from a hold
   * after the file was downloaded) get the run's next file from the worker.
   */
  async markSent(id: string, adminId: string, now = new Date()) {
    const run = await this.runOf(id);
    if (run.status !== 'done') throw new DomainError('conflict', m.runStillRunning);
    const batch = run.batch;
    if (!batch) throw new DomainError('not_found', m.noBatch);
    if (batch.sentAt) throw new DomainError('conflict', m.batchAlreadySent);
    // Payouts the file lacks (released after its download) get the run's next file: queued
    // first, so a queue that is down refuses the whole request and nothing is marked; a few
    // seconds late, so the job reads the file as sent. Writing a file twice writes it once.
    if (
      batch.payoutIds &&
      (await this.payouts.exists({
        runId: run._id,
        status: 'planned',
        _id: { $nin: batch.payoutIds },
      }))
    ) {
      try {
        await this.queue.add(
          PAYOUT_BATCH_JOB,
          { runId: run._id.toHexString() },
          { ...PAYOUT_RUN_JOB_OPTIONS, delay: NEXT_FILE_DELAY_MS },
        );
      } catch (error) {
        throw new DomainError('unavailable', messagesHe.errors.queueUnavailable, undefined, {
          cause: error,
        });
      }
    }
    const updated = await this.runs.updateOne(
      { _id: run._id, 'batch.fileKey': batch.fileKey, 'batch.sentAt': null },
      { $set: { 'batch.sentAt': now, 'batch.sentBy': adminId } },
    );
    if (updated.modifiedCount === 0) throw new DomainError('conflict', m.batchAlreadySent);
    // A file written before its transfers' ids were kept holds every payout then planned.
    const inFile = (ids: Types.ObjectId[] | null | undefined) => (ids ? { _id: { $in: ids } } : {});
    await this.payouts.updateMany(
      { runId: run._id, status: 'planned', ...inFile(batch.payoutIds) },
      { $set: { status: 'paid', paidAt: now } },
    );
    // The community fund's transfers in the same file.
    await this.allocations.updateMany(
      { runId: run._id, status: 'planned', ...inFile(batch.allocationIds) },
      { $set: { status: 'paid' } },
    );
    return {
      message: m.batchMarkedSent,
      run: toPayoutRun(await this.runOf(id), await this.statementsPending(run._id)),
    };
  }

  /** The run's payouts whose statement PDF is still being drawn. */
  private statementsPending(runId: Types.ObjectId): Promise<number> {
    return this.payouts.countDocuments({ runId, statementFileKey: null });
  }

  /**
   * The bank returned a transfer: the payout is `returned` and its ledger entry is booked back
   * (once: the entry's key is the payout's), so the author's balance re-opens for the next run.
   */
  async markReturned(payoutId: string, adminId: string, now = new Date()) {
    const id = new Types.ObjectId(payoutId);
    const payout = await this.payouts
      .findById(id)
      .select({ status: 1, authorId: 1, grossAgorot: 1 })
      .lean<{ status: string; authorId: Types.ObjectId; grossAgorot: number }>();
    if (!payout) throw new DomainError('not_found', m.payoutNotFound);
    if (payout.status === 'returned') throw new DomainError('conflict', m.payoutAlreadyReturned);
    // Only money that left: a payout not yet sent is not in the bank's hands to return.
    if (payout.status !== 'paid') throw new DomainError('conflict', m.payoutNotReturnable);
    try {
      await this.connection.transaction(async (session) => {
        const changed = await this.payouts.updateOne(
          { _id: id, status: 'paid' },
          { $set: { status: 'returned', returnedAt: now, returnedBy: adminId } },
          { session },
        );
        if (changed.modifiedCount === 0) throw new DomainError('conflict', m.payoutAlreadyReturned);
        await this.ledger.create(
          [
            payoutLedgerEntry(
              { _id: id, authorId: payout.authorId, grossAgorot: payout.grossAgorot },
              'returned',
              now,
            ),
          ],
          { session },
        );
      });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new DomainError('conflict', m.payoutAlreadyReturned);
      throw error;
    }
    return { message: m.payoutReturned };
  }

  private async runOf(id: string): Promise<StoredRun> {
    const run = await this.runs.findById(new Types.ObjectId(id)).lean<StoredRun>();
    if (!run) throw new DomainError('not_found', m.runNotFound);
    return run;
  }
}
