import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ORDER_MODEL, type OrderModel } from '@mechabrim/db';

/** How often pending orders past their time are marked expired. */
export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

/**
 * Pending orders expire `ORDER_PENDING_TTL_MINUTES` after they were created. A sweep every minute
 * marks them `expired` (one `updateMany`, harmless when two API processes both run it); the
 * status and order answers also read an overdue pending order as expired, so the minute between
 * sweeps never shows a stale state.
 */
@Injectable()
export class OrderExpirySweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OrderExpiry');
  private timer: NodeJS.Timeout | undefined;

  constructor(@InjectModel(ORDER_MODEL) private readonly orders: OrderModel) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.expireOverdue(), EXPIRY_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Marks every overdue pending order expired; answers how many. */
  async expireOverdue(now: Date = new Date()): Promise<number> {
    try {
      const result = await this.orders.updateMany(
        { status: 'pending_payment', expiresAt: { $lte: now } },
        { $set: { status: 'expired' }, $push: { statusHistory: { status: 'expired', at: now } } },
      );
      return result.modifiedCount;
    } catch (error) {
      this.logger.warn(
        `expiry sweep failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 0;
    }
  }
}
