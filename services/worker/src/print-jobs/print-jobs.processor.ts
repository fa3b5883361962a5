import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnModuleInit } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import {
  ORDER_JOB_NAME,
  ORDER_QUEUE_NAMES,
  printChargeSplitJob,
  printJobsJobSchema,
} from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  nextOrderStatus,
  ORDER_MODEL,
  STORED_ORDER_STATUSES,
  type BookModel,
  type OrderModel,
} from '@mechabrim/db';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { Types, type Connection } from 'mongoose';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { reportQueueOutages } from '../queue-connection';
import { WORKER_LOCK_SETTINGS } from '../queue-settings';
import { workerStringsHe } from '../strings.he';
import { printRetryDelay } from './print-backoff';
import {
  buildPrintJob,
  handoffKeyOf,
  UnprintableOrderError,
  type PrintableBook,
  type PrintableOrder,
} from './print-request';
import { PRINT_SERVICE, PrintJobRefusedError, type PrintService } from './print-service';
import { neverReachedPartner, type PrintCharge } from '@mechabrim/server-kit';

export type PrintHandoffOutcome =
  | { outcome: 'handed-off'; jobId: string }
  | { outcome: 'already-handed-off'; jobId: string }
  | { outcome: 'handoff-in-progress' }
  | { outcome: 'not-printable'; status: string };

type StoredStatus = (typeof STORED_ORDER_STATUSES)[number];
/** Statuses whose books may go to print: paid, or already processing (a retried handoff). */
const PRINTABLE = ['paid', 'pending', 'processing'] as const satisfies readonly StoredStatus[];
const printable = (status: string) => (PRINTABLE as readonly string[]).includes(status);

/** How long one worker holds an order's handoff before another may take it over. */
const CLAIM_MS = 60_000;

interface StoredPrintOrder extends PrintableOrder {
  status: string;
  paidAt?: Date | null;
  print?: { jobId?: string | null; claimedBy?: string | null } | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `print-jobs`: hands a paid order's books to the print partner, exactly once. The order is
 * claimed for the handoff (one worker at a time; a claim lapses after a minute, and the same
 * BullMQ job picked up again after a crash takes its own claim back), the job is sent with the
 * order's idempotency key, and the partner's job id is stored on the order as it moves to
 * `processing`. A failed call is retried with exponential backoff and jitter; after the last
 * attempt, or when the order can never be printed as it stands, the order is marked
 * 'needs attention' with the reason, for an admin.
 */
@Processor(ORDER_QUEUE_NAMES.printJobs, { ...WORKER_LOCK_SETTINGS })
export class PrintJobsProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(PrintJobsProcessor.name);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(BOOK_MODEL) private readonly books: BookModel,
    @Inject(PRINT_SERVICE) private readonly printer: PrintService,
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    @InjectQueue(ORDER_QUEUE_NAMES.printJobs) private readonly queue: Queue,
    @InjectQueue(ORDER_QUEUE_NAMES.orderSplits) private readonly splits: Queue,
  ) {
    super();
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.concurrency;
    // The queue's backoff type is ours (PRINT_BACKOFF_TYPE): exponential with jitter.
    this.worker.opts.settings = {
      ...this.worker.opts.settings,
      backoffStrategy: (attemptsMade: number) =>
        printRetryDelay(attemptsMade, this.config.print.retryBaseMs),
    };
    reportQueueOutages(this.worker, this.queue, this.logger);
  }

  async process(job: Job): Promise<PrintHandoffOutcome> {
    if (job.name !== ORDER_JOB_NAME) throw new UnrecoverableError(`unknown job name ${job.name}`);
    const parsed = printJobsJobSchema.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(`invalid print-jobs payload: ${parsed.error.message}`);
    const orderId = new Types.ObjectId(parsed.data.orderId);
    const order = await this.orders
      .findById(orderId)
      .select({
        user: 1,
        shippingAddress: 1,
        shipping: 1,
        books: 1,
        status: 1,
        print: 1,
        paidAt: 1,
      })
      .lean<StoredPrintOrder>();
    if (!order) throw new UnrecoverableError(`order ${parsed.data.orderId} does not exist`);
    if (order.print?.jobId) return { outcome: 'already-handed-off', jobId: order.print.jobId };
    // Cancelled before printing, or not paid: nothing to print.
    if (!printable(order.status)) return { outcome: 'not-printable', status: order.status };

    const worker = `job:${job.id ?? 'unknown'}`;
    if (!(await this.claim(order, worker))) {
      const now = await this.orders
        .findById(orderId)
        .select({ status: 1, print: 1 })
        .lean<StoredPrintOrder>();
      if (now?.print?.jobId) return { outcome: 'already-handed-off', jobId: now.print.jobId };
      // Cancelled since it was read: the cancellation wins.
      if (now && !printable(now.status)) return { outcome: 'not-printable', status: now.status };
      // Another worker's job, or the API's cancellation (`claimedBy: 'cancellation'`), holds it.
      return { outcome: 'handoff-in-progress' };
    }

    let request;
    try {
      request = buildPrintJob(order, await this.printableBooks(order), this.config.print);
    } catch (error) {
      if (error instanceof UnprintableOrderError) {
        await this.needsAttention(orderId, workerStringsHe.print.unprintable(error.message));
        throw new UnrecoverableError(error.message);
      }
      throw error;
    }

    try {
      const accepted = await this.printer.createJob(request, handoffKeyOf(parsed.data.orderId));
      await this.recordHandoff(orderId, accepted.jobId, accepted.status);
      if (accepted.charge) await this.recordCharge(order, accepted.charge);
      this.logger.log({
        orderId: parsed.data.orderId,
        printJobId: accepted.jobId,
        msg: 'handed to print',
      });
      return { outcome: 'handed-off', jobId: accepted.jobId };
    } catch (error) {
      const made = neverReachedPartner(error) ? null : await this.jobMadeAnyway(orderId);
      if (made) {
        // The partner made the job though its answer did not arrive (or refused a repeat).
        await this.recordHandoff(orderId, made.jobId, made.status);
        this.logger.log({
          orderId: parsed.data.orderId,
          printJobId: made.jobId,
          msg: 'found at print',
        });
        return { outcome: 'handed-off', jobId: made.jobId };
      }
      await this.recordFailure(orderId, job, error, made === null);
      if (error instanceof PrintJobRefusedError) throw new UnrecoverableError(messageOf(error));
      throw error;
    }
  }

  /**
   * After a handoff without a clear answer: the job the partner made for the order (found by our
   * order id, its `external_id`), null when it has none, undefined when it cannot tell.
   */
  private async jobMadeAnyway(orderId: Types.ObjectId) {
    try {
      return await this.printer.findJob(orderId.toHexString());
    } catch {
      return undefined;
    }
  }

  /**
   * A failed handoff: its error, the claim freed for the retry, and, on the last try or a refusal,
   * a note for an admin. A failure without the partner's answer leaves the handoff uncertain.
   */
  private async recordFailure(
    orderId: Types.ObjectId,
    job: Job,
    error: unknown,
    partnerHasNone: boolean,
  ): Promise<void> {
    const message = messageOf(error);
    const refused = error instanceof PrintJobRefusedError;
    const last = refused || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    // The partner says it has none, or the call never connected: certainly no job there.
    const noJob = partnerHasNone || neverReachedPartner(error);
    await this.orders.updateOne(
      { _id: orderId, 'print.jobId': null },
      {
        $set: {
          'print.lastError': message.slice(0, 1000),
          'print.claimedBy': null,
          'print.claimedUntil': null,
          // No answer is no proof there is no job: cancellations wait until its id is known.
          // Never cleared by a later failure: a refusal then may be the partner's duplicate.
          ...(noJob ? {} : { 'print.uncertainSince': new Date() }),
          ...(last
            ? {
                'print.needsAttention': {
                  reason: workerStringsHe.print.handoffFailed(
                    job.attemptsMade + 1,
                    message.slice(0, 300),
                  ),
                  at: new Date(),
                },
              }
            : {}),
        },
      },
    );
  }

  /**
   * Takes the order's handoff for this job: the print record is created on first use, and the
   * claim is taken while the order is still printable (a cancellation since it was read wins)
   * and no one holds it, it lapsed, or this same job held it (picked up again after its worker
   * died). The API's cancellation holds the same claim while it cancels.
   */
  private async claim(order: StoredPrintOrder, worker: string): Promise<boolean> {
    const now = new Date();
    if (!order.print) {
      await this.orders.updateOne(
        { _id: order._id, print: null },
        {
          $set: {
            print: {
              provider: this.printer.provider,
              handoffKey: handoffKeyOf(order._id.toHexString()),
              jobId: null,
              attempts: 0,
              parcels: [],
            },
          },
        },
      );
    }
    const claimed = await this.orders.updateOne(
      {
        _id: order._id,
        status: { $in: [...PRINTABLE] },
        'print.jobId': null,
        $or: [
          { 'print.claimedBy': null },
          { 'print.claimedBy': { $exists: false } },
          { 'print.claimedBy': worker },
          { 'print.claimedUntil': { $lt: now } },
        ],
      },
      {
        $set: {
          'print.claimedBy': worker,
          'print.claimedUntil': new Date(now.getTime() + CLAIM_MS),
        },
        $inc: { 'print.attempts': 1 },
      },
    );
    return claimed.modifiedCount === 1;
  }

  private async printableBooks(order: PrintableOrder): Promise<Map<string, PrintableBook>> {
    const found = await this.books
      .find({ _id: { $in: order.books.map((line) => line.book._id) } })
      .select({
        title: 1,
        size: 1,
        readingFormat: 1,
        paperType: 1,
        printingType: 1,
        pages: 1,
        files: 1,
      })
      .lean<PrintableBook[]>();
    return new Map(found.map((book) => [book._id.toHexString(), book]));
  }

  /** The job id, once; the order moves to `processing` if it is not further along already. */
  private async recordHandoff(orderId: Types.ObjectId, jobId: string, status: string) {
    const at = new Date();
    await this.connection.transaction(async (session) => {
      await this.orders.updateOne(
        { _id: orderId, 'print.jobId': null },
        {
          $set: {
            'print.jobId': jobId,
            'print.handedOffAt': at,
            'print.lastError': null,
            'print.needsAttention': null,
            'print.claimedBy': null,
            'print.claimedUntil': null,
            'print.uncertainSince': null,
          },
        },
        { session },
      );
      // A status callback may have arrived first and moved the order already.
      const current = await this.orders
        .findById(orderId)
        .select({ status: 1, 'print.providerStatus': 1 })
        .session(session)
        .lean<{ status: StoredStatus; print?: { providerStatus?: string | null } | null }>();
      if (current && !current.print?.providerStatus)
        await this.orders.updateOne(
          { _id: orderId },
          { $set: { 'print.providerStatus': status, 'print.providerStatusAt': at } },
          { session },
        );
      if (current && nextOrderStatus(current.status, 'processing'))
        await this.orders.updateOne(
          { _id: orderId, status: current.status },
          {
            $set: { status: 'processing' },
            $push: { statusHistory: { status: 'processing', at } },
          },
          { session },
        );
    });
  }

  /**
   * Keeps the partner's actual charge on the order (once: the first answer that priced the job)
   * and has the split add its adjustments: any difference from the quotes the split deducted is
   * the platform's, never the author's.
   */
  private async recordCharge(order: StoredPrintOrder, charge: PrintCharge): Promise<void> {
    await this.orders.updateOne(
      { _id: order._id, 'print.charge': null },
      { $set: { 'print.charge': { ...charge, at: new Date() } } },
    );
    const job = printChargeSplitJob(order._id.toHexString(), order.paidAt ?? new Date());
    await this.splits.add(job.name, job.data, job.opts);
  }

  private async needsAttention(orderId: Types.ObjectId, reason: string): Promise<void> {
    await this.orders.updateOne(
      { _id: orderId },
      {
        $set: {
          'print.needsAttention': { reason, at: new Date() },
          'print.lastError': reason,
          'print.claimedBy': null,
          'print.claimedUntil': null,
        },
      },
    );
  }
}
