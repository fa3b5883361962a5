import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import {
  PRINT_SIGNATURE_HEADER,
  printWebhookSchema,
  type MailJob,
  type PrintCallbackAnswer,
  type PrintJob,
} from '@mechabrim/contracts';
import {
  AFTER_CANCELLATION_KEPT,
  mergeParcels,
  nextOrderStatus,
  ORDER_MODEL,
  OUTBOX_MODEL,
  STORED_ORDER_STATUSES,
  type FulfilmentTarget,
  type OrderModel,
  type OutboxModel,
  type Parcel,
} from '@mechabrim/db';
import { verifyHmacSha256 } from '@mechabrim/server-kit';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { parcelsOf, readCallback } from './print-callback';

type IncomingHeaders = Record<string, string | string[] | undefined>;

type StoredStatus = (typeof STORED_ORDER_STATUSES)[number];

interface CallbackOrder {
  _id: Types.ObjectId;
  status: StoredStatus;
  user: { email: string };
  shipping?: { method?: string | null } | null;
  print?: {
    jobId?: string | null;
    parcels?: Parcel[] | null;
    providerStatusAt?: Date | null;
  } | null;
}

/** Concurrent callbacks for one order: each re-reads and tries again, this many times at most. */
const MAX_TRIES = 5;

/** Partner statuses that mean the press went on: a cancelled order's job that reports one needs an admin. */
const BEYOND_PRODUCTION = new Set(['IN_PRODUCTION', 'SHIPPED', 'DELIVERED']);

/**
 * When the partner changed the job's status (its `changed`, else now), and whether that is its
 * latest word on the order (a late callback does not overwrite a newer one).
 */
function partnerWord(order: CallbackOrder, job: PrintJob): { changedAt: Date; latest: boolean } {
  const changed = job.status.changed ? new Date(job.status.changed) : new Date();
  const changedAt = Number.isNaN(changed.getTime()) ? new Date() : changed;
  const latest = !order.print?.providerStatusAt || changedAt >= order.print.providerStatusAt;
  return { changedAt, latest };
}

/**
 * `POST /api/print/callback`: the print partner's `PRINT_JOB_STATUS_CHANGED` webhook. Checked
 * with HMAC-SHA256 over the raw body (401 otherwise). The order's status only moves forward
 * (`nextOrderStatus`), so a late or repeated callback changes nothing; every parcel's tracking
 * number is kept. The write is conditional on the status and parcel count it read (another
 * callback for the same order in between makes it read again), and new tracking numbers queue a
 * shipping-update mail through the outbox in the same transaction: one mail per new parcel,
 * never one per replay. A self-pickup order gets one ready-for-pickup mail instead, when it moves
 * to shipped (its parcel reached the Tel Aviv branch). A callback for a cancelled order changes nothing the buyer sees (no
 * tracking, no status, no mail): it is kept in `print.afterCancellation` for admins, and one saying
 * the job went into production or further marks the order 'needs attention'.
 */
@Injectable()
export class PrintCallbackService {
  private readonly logger = new Logger('PrintCallback');

  constructor(
    @InjectModel(ORDER_MODEL) private readonly orders: OrderModel,
    @InjectModel(OUTBOX_MODEL) private readonly outbox: OutboxModel,
    @InjectConnection() private readonly connection: Connection,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async handle(rawBody: Buffer, headers: IncomingHeaders): Promise<PrintCallbackAnswer> {
    if (
      !verifyHmacSha256(rawBody, headers[PRINT_SIGNATURE_HEADER], this.config.print.webhookSecret)
    )
      throw new DomainError('unauthorized', messagesHe.print.badSignature);
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new DomainError('invalid_data', messagesHe.print.badCallback);
    }
    const parsed = printWebhookSchema.safeParse(json);
    if (!parsed.success) throw new DomainError('invalid_data', messagesHe.print.badCallback);
    const job = parsed.data.data;

    for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
      const order = await this.find(job);
      if (!order) {
        // Not ours (another shop on the same partner account, or a deleted order): answered 200 so
        // the partner does not retry it and disable the webhook.
        this.logger.warn({
          printJobId: String(job.id),
          msg: 'print callback for an unknown order',
        });
        return { received: true, outcome: 'unknown_order', status: '' };
      }
      const answer =
        order.status === 'cancelled'
          ? await this.recordAfterCancellation(order, job)
          : await this.apply(order, job);
      if (answer) {
        this.logger.log({
          orderId: order._id.toHexString(),
          printJobId: String(job.id),
          partnerStatus: job.status.name,
          outcome: answer.outcome,
          msg: 'print callback',
        });
        return answer;
      }
    }
    throw new DomainError('conflict', messagesHe.errors.conflict);
  }

  private find(job: PrintJob): Promise<CallbackOrder | null> {
    const externalId = job.external_id ?? '';
    const filter =
      Types.ObjectId.isValid(externalId) && /^[a-f\d]{24}$/i.test(externalId)
        ? { _id: new Types.ObjectId(externalId) }
        : { 'print.jobId': String(job.id) };
    return this.orders
      .findOne(filter)
      .select({ status: 1, 'user.email': 1, 'shipping.method': 1, print: 1 })
      .lean<CallbackOrder>()
      .exec();
  }

  /**
   * Keeps a cancelled order's callback for admins (the last {@link AFTER_CANCELLATION_KEPT}), and
   * asks them to look when the partner printed or shipped it anyway. Null when the order changed
   * under it (read again).
   */
  private async recordAfterCancellation(
    order: CallbackOrder,
    job: PrintJob,
  ): Promise<PrintCallbackAnswer | null> {
    const now = new Date();
    const partnerStatus = job.status.name.toUpperCase();
    const entry = { at: now, partnerStatus, jobId: String(job.id) };
    const attention = BEYOND_PRODUCTION.has(partnerStatus)
      ? { reason: messagesHe.print.printedAfterCancellation(partnerStatus), at: now }
      : null;
    // The partner's word stays visible to admins; nothing the buyer sees moves.
    const { changedAt, latest } = partnerWord(order, job);
    const set: Record<string, unknown> = {};
    if (latest) {
      set['print.providerStatus'] = job.status.name;
      set['print.providerStatusAt'] = changedAt;
    }
    if (attention) set['print.needsAttention'] = attention;
    const result = order.print
      ? await this.orders.updateOne(
          { _id: order._id, status: 'cancelled', print: { $ne: null } },
          {
            $push: {
              'print.afterCancellation': { $each: [entry], $slice: -AFTER_CANCELLATION_KEPT },
            },
            ...(Object.keys(set).length > 0 ? { $set: set } : {}),
          },
        )
      : // Cancelled before the worker recorded a handoff: the partner has a job all the same.
        await this.orders.updateOne(
          { _id: order._id, status: 'cancelled', print: null },
          {
            $set: {
              print: {
                provider: 'print-partner',
                handoffKey: `partner-${String(job.id)}`,
                jobId: String(job.id),
                attempts: 0,
                parcels: [],
                providerStatus: job.status.name,
                providerStatusAt: changedAt,
                needsAttention: attention,
                afterCancellation: [entry],
              },
            },
          },
        );
    if (result.matchedCount !== 1) return null;
    return { received: true, outcome: 'ignored_cancelled', status: 'cancelled' };
  }

  /**
   * The buyer's mail of a callback, if any. A delivered order: a shipping update when new tracking
   * numbers came. A self-pickup order: its parcel went to our Tel Aviv branch, so no tracking and
   * no 'shipped to you' — one ready-for-pickup mail when the order moves to shipped (the
   * conditional write lets only one callback make that move, however many SHIPPED or parcels).
   */
  private mailOf(
    order: CallbackOrder,
    target: FulfilmentTarget | null,
    parcels: readonly Parcel[],
    newParcels: number,
  ): MailJob | null {
    const orderId = order._id.toHexString();
    if (order.shipping?.method === 'pickup') {
      return target === 'shipped'
        ? { template: 'ready-for-pickup', to: order.user.email, orderId }
        : null;
    }
    if (newParcels <= 0) return null;
    return {
      template: 'shipping-update',
      to: order.user.email,
      orderId,
      trackingNumbers: parcels.map((parcel) => parcel.trackingNumber).slice(0, 20),
      ...(parcels[0]?.carrier ? { carrier: parcels[0].carrier.slice(0, 100) } : {}),
    };
  }

  /** One conditional write; null when the order changed under it (read again). */
  private async apply(order: CallbackOrder, job: PrintJob): Promise<PrintCallbackAnswer | null> {
    const reading = readCallback(job);
    const known = order.print?.parcels ?? [];
    const parcels = mergeParcels(known, parcelsOf(job));
    const newParcels = parcels.length - known.length;
    const target = reading.kind === 'move' ? nextOrderStatus(order.status, reading.target) : null;
    const { changedAt, latest } = partnerWord(order, job);
    const now = new Date();

    const set: Record<string, unknown> = {};
    if (order.print) {
      set['print.parcels'] = parcels;
      if (!order.print.jobId) {
        set['print.jobId'] = String(job.id);
        // The job a handoff without an answer may have made: now it is known, and can be stopped.
        set['print.uncertainSince'] = null;
      }
      if (latest) {
        set['print.providerStatus'] = job.status.name;
        set['print.providerStatusAt'] = changedAt;
      }
      if (reading.kind === 'attention')
        set['print.needsAttention'] = { reason: reading.reason, at: now };
    } else {
      // A callback before the worker recorded its handoff (or a job made by hand at the partner).
      set.print = {
        provider: 'print-partner',
        handoffKey: `partner-${String(job.id)}`,
        jobId: String(job.id),
        handedOffAt: now,
        attempts: 0,
        parcels,
        providerStatus: job.status.name,
        providerStatusAt: changedAt,
        needsAttention: reading.kind === 'attention' ? { reason: reading.reason, at: now } : null,
      };
    }
    if (target) set.status = target;

    const filter = {
      _id: order._id,
      status: order.status,
      ...(order.print ? { 'print.parcels': { $size: known.length } } : { print: null }),
    };
    let written = false;
    await this.connection.transaction(async (session) => {
      const result = await this.orders.updateOne(
        filter,
        { $set: set, ...(target ? { $push: { statusHistory: { status: target, at: now } } } : {}) },
        { session },
      );
      written = result.matchedCount === 1;
      if (!written) return;
      const mail = this.mailOf(order, target, parcels, newParcels);
      if (mail)
        await this.outbox.insertMany([{ type: 'mail', payload: mail, createdAt: now }], {
          session,
        });
    });
    if (!written) return null;
    return {
      received: true,
      outcome: target ? 'moved' : reading.kind === 'attention' ? 'needs_attention' : 'unchanged',
      status: target ?? order.status,
    };
  }
}
