import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Queue } from 'bullmq';
import { Types } from 'mongoose';
import {
  PAYOUT_QUEUE_NAMES,
  PAYOUT_RELEASE_JOB,
  PAYOUT_RUN_JOB_OPTIONS,
  payoutReleaseJobId,
  type PayoutHoldEntry,
  type PayoutReleaseJob,
} from '@mechabrim/contracts';
import {
  PAYOUT_DETAILS_MODEL,
  PAYOUT_MODEL,
  USER_MODEL,
  type PayoutDetailsModel,
  type PayoutModel,
  type UserModel,
} from '@mechabrim/db';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';

const m = messagesHe.payouts;

/** The admins' side of payout holds: who waits for a review, and releasing one. */
@Injectable()
export class PayoutHoldsService {
  constructor(
    @InjectModel(PAYOUT_DETAILS_MODEL) private readonly details: PayoutDetailsModel,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    @InjectModel(PAYOUT_MODEL) private readonly payouts: PayoutModel,
    @InjectQueue(PAYOUT_QUEUE_NAMES.payoutRuns) private readonly queue: Queue<PayoutReleaseJob>,
  ) {}

  /** Authors whose next payout waits, the longest waiting first. */
  async list(): Promise<PayoutHoldEntry[]> {
    const held = await this.details
      .find({ payoutHold: { $ne: null } })
      .select({ user: 1, payoutHold: 1 })
      .sort({ 'payoutHold.since': 1, _id: 1 })
      .limit(500)
      .lean<{ user: Types.ObjectId; payoutHold: { reason: 'details-changed'; since: Date } }[]>();
    const users = await this.users
      .find({ _id: { $in: held.map((row) => row.user) } })
      .select({ name: 1, email: 1 })
      .lean<{ _id: Types.ObjectId; name: string; email: string }[]>();
    const byId = new Map(users.map((user) => [user._id.toHexString(), user]));
    return held.map((row) => {
      const user = byId.get(row.user.toHexString());
      return {
        authorId: row.user.toHexString(),
        authorName: user?.name ?? '',
        email: user?.email ?? '',
        reason: row.payoutHold.reason,
        since: row.payoutHold.since.toISOString(),
      };
    });
  }

  /**
   * Releases the author's hold (conditional: two admins releasing at once release once), and has
   * the payout a run held for it paid in that run's period.
   */
  async release(authorId: string, adminId: string): Promise<{ message: string }> {
    const released = await this.details.findOneAndUpdate(
      { user: new Types.ObjectId(authorId), payoutHold: { $ne: null } },
      {
        $set: {
          payoutHold: null,
          releasedAt: new Date(),
          releasedBy: new Types.ObjectId(adminId),
        },
      },
    );
    if (!released) throw new DomainError('not_found', m.noHold);
    // The payout a run held for this review is paid in its own period, not a month later (the
    // worker's release step, once: the job's id is the payout's, and the step is conditional).
    const held = await this.payouts
      .findOne({ authorId: new Types.ObjectId(authorId), status: 'held', heldReason: 'on-hold' })
      .sort({ periodEnd: -1 })
      .select({ _id: 1 })
      .lean<{ _id: Types.ObjectId }>();
    if (held) {
      const payoutId = held._id.toHexString();
      await this.queue.add(
        PAYOUT_RELEASE_JOB,
        { payoutId },
        { ...PAYOUT_RUN_JOB_OPTIONS, jobId: payoutReleaseJobId(payoutId) },
      );
    }
    return { message: m.holdReleased };
  }
}
