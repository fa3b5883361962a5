import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import type { PayoutHoldEntry } from '@mechabrim/contracts';
import {
  PAYOUT_DETAILS_MODEL,
  USER_MODEL,
  type PayoutDetailsModel,
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

  /** Releases the author's hold (conditional: two admins releasing at once release once). */
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
    return { message: m.holdReleased };
  }
}
