import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Queue } from 'bullmq';
import { Types } from 'mongoose';
import {
  ORDER_JOB_NAME,
  ORDER_QUEUE_NAMES,
  PAYOUT_QUEUE_NAMES,
  PAYOUT_STATEMENT_JOB,
  PAYOUT_STATEMENT_JOB_OPTIONS,
  payoutStatementJobId,
  payoutStatementMailJobId,
  type MailJob,
  type PayoutStatementJob,
} from '@mechabrim/contracts';
import { PAYOUT_MODEL, USER_MODEL, type PayoutModel, type UserModel } from '@mechabrim/db';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { RECEIPT_FILE_STORE, type ReceiptFileStore } from '../receipts/receipt-files';
import { RECEIPT_PDF_RENDERER, type ReceiptPdfRenderer } from '../receipts/receipt-pdf-renderer';
import {
  payoutStatementDraftOf,
  payoutStatementFileKey,
  type StatementPayoutRow,
} from './payout-statement-draft';

/** What the statements step did for a run. */
export interface StatementsOutcome {
  written: number;
  mailed: number;
}

/**
 * The payout run's statements step (issue 23): each payout of the run gets its statement PDF,
 * drawn on the receipts' PDF thread and kept under `DATA_DIR/payout-statements/<payout id>.pdf`,
 * then its 'your statement for <month>' mail. The run only queues them ({@link queue}: a job per
 * payout on `payout-statements`, its id the payout's) once its payouts and bank file are written;
 * each job draws one ({@link issueOne}). Safe to repeat: the file's key is the payout's (a rerun
 * writes the same file, never a second), the row records it, and the mail's job id is the payout's
 * (BullMQ and the mail outbox both refuse a second). Until a payout's PDF is drawn, its page is
 * there and its PDF answers 'still being prepared'; the admins' run counts the ones still drawn.
 */
@Injectable()
export class PayoutStatements {
  private readonly logger = new Logger(PayoutStatements.name);

  constructor(
    @InjectModel(PAYOUT_MODEL) private readonly payouts: PayoutModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @Inject(RECEIPT_FILE_STORE) private readonly files: ReceiptFileStore,
    @Inject(RECEIPT_PDF_RENDERER) private readonly pdfs: ReceiptPdfRenderer,
    @InjectQueue(ORDER_QUEUE_NAMES.mail) private readonly mail: Queue<MailJob>,
    @InjectQueue(PAYOUT_QUEUE_NAMES.payoutStatements)
    private readonly jobs: Queue<PayoutStatementJob>,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
  ) {}

  /** Queues a job for each payout of the run whose statement is not drawn or not mailed yet. */
  async queue(runId: Types.ObjectId): Promise<number> {
    const rows = await this.payouts
      .find({ runId, $or: [{ statementFileKey: null }, { statementMailedAt: null }] })
      .sort({ authorId: 1 })
      .select({ _id: 1 })
      .lean<Array<{ _id: Types.ObjectId }>>();
    for (let start = 0; start < rows.length; start += 500) {
      await this.jobs.addBulk(
        rows.slice(start, start + 500).map((row) => ({
          name: PAYOUT_STATEMENT_JOB,
          data: { payoutId: row._id.toHexString() },
          opts: {
            ...PAYOUT_STATEMENT_JOB_OPTIONS,
            jobId: payoutStatementJobId(row._id.toHexString()),
          },
        })),
      );
    }
    return rows.length;
  }

  /** One payout's statement: drawn and mailed unless it was already (a job of {@link queue}). */
  async issueOne(payoutId: string): Promise<StatementsOutcome> {
    return this.issueWhere({ _id: new Types.ObjectId(payoutId) });
  }

  /** Every statement of the run not drawn or not mailed yet, here and now. */
  async issue(runId: Types.ObjectId): Promise<StatementsOutcome> {
    const outcome = await this.issueWhere({ runId });
    this.logger.log({ runId: runId.toHexString(), ...outcome, msg: 'payout statements issued' });
    return outcome;
  }

  private async issueWhere(
    filter: { runId: Types.ObjectId } | { _id: Types.ObjectId },
  ): Promise<StatementsOutcome> {
    const rows = await this.payouts
      .find({ ...filter, $or: [{ statementFileKey: null }, { statementMailedAt: null }] })
      .sort({ authorId: 1 })
      .lean<StatementPayoutRow[]>();
    if (!rows.length) return { written: 0, mailed: 0 };
    const authors = await this.users
      .find({ _id: { $in: rows.map((row) => row.authorId) } })
      .select({ name: 1, email: 1 })
      .lean<Array<{ _id: Types.ObjectId; name: string; email: string }>>();
    const byId = new Map(authors.map((author) => [author._id.toHexString(), author]));
    const outcome: StatementsOutcome = { written: 0, mailed: 0 };
    for (const row of rows) {
      const author = byId.get(row.authorId.toHexString());
      if (!row.statementFileKey) {
        await this.write(row, author?.name ?? '');
        outcome.written += 1;
      }
      // An author whose account is gone has no address: the statement stays on file.
      if (!row.statementMailedAt && author) {
        await this.mailAuthor(row, author);
        outcome.mailed += 1;
      }
    }
    return outcome;
  }

  private async write(row: StatementPayoutRow, authorName: string): Promise<void> {
    const id = row._id.toHexString();
    const pdf = await this.pdfs.renderPayoutStatement(
      payoutStatementDraftOf(row, authorName),
      this.config.business,
    );
    const key = await this.files.put(payoutStatementFileKey(id), pdf);
    await this.payouts.updateOne(
      { _id: row._id, statementFileKey: null },
      { $set: { statementFileKey: key } },
    );
  }

  private async mailAuthor(
    row: StatementPayoutRow,
    author: { name: string; email: string },
  ): Promise<void> {
    const payoutId = row._id.toHexString();
    await this.mail.add(
      ORDER_JOB_NAME,
      {
        template: 'payout-statement',
        to: author.email,
        authorName: author.name.slice(0, 120),
        payoutId,
      },
      {
        jobId: payoutStatementMailJobId(payoutId),
        attempts: 8,
        backoff: { type: 'exponential', delay: 5000 },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: false,
      },
    );
    await this.payouts.updateOne(
      { _id: row._id, statementMailedAt: null },
      { $set: { statementMailedAt: new Date() } },
    );
  }
}
