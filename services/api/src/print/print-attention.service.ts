import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Types } from 'mongoose';
import type { PrintAttentionAnswer } from '@mechabrim/contracts';
import { ORDER_MODEL, type OrderModel } from '@mechabrim/db';

interface AttentionRow {
  _id: Types.ObjectId;
  status: string;
  paidAt?: Date | null;
  user: { email: string };
  print: {
    jobId?: string | null;
    providerStatus?: string | null;
    attempts?: number | null;
    lastError?: string | null;
    needsAttention: { reason: string; at: Date };
  };
}

/**
 * The orders whose printing an admin must look at: a handoff that failed for good, an order that
 * cannot be printed as it stands, or a job the partner rejected or cancelled.
 */
@Injectable()
export class PrintAttentionService {
  constructor(@InjectModel(ORDER_MODEL) private readonly orders: OrderModel) {}

  async list(): Promise<PrintAttentionAnswer> {
    const rows = await this.orders
      .find({ 'print.needsAttention': { $ne: null } })
      .sort({ 'print.needsAttention.at': -1 })
      .limit(100)
      .select({ status: 1, paidAt: 1, 'user.email': 1, print: 1 })
      .lean<AttentionRow[]>()
      .exec();
    return {
      orders: rows
        .filter((row) => row.print?.needsAttention)
        .map((row) => ({
          orderId: row._id.toHexString(),
          status: row.status,
          buyerEmail: row.user.email,
          paidAt: row.paidAt ? row.paidAt.toISOString() : null,
          jobId: row.print.jobId ?? null,
          providerStatus: row.print.providerStatus ?? null,
          attempts: row.print.attempts ?? 0,
          lastError: row.print.lastError ?? null,
          reason: row.print.needsAttention.reason,
          since: row.print.needsAttention.at.toISOString(),
        })),
    };
  }
}
