import { Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import type { PayoutRunDetail } from '@mechabrim/contracts';
import {
  allocationLedgerEntry,
  COMMUNITY_ALLOCATION_MODEL,
  COMMUNITY_PROJECT_MODEL,
  isDuplicateKeyError,
  LEDGER_ENTRY_MODEL,
  type CommunityAllocationModel,
  type CommunityProjectModel,
  type LedgerEntryModel,
} from '@mechabrim/db';
import { agorot, toShekels } from '@mechabrim/money';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';

const m = messagesHe.communityFund;
const shekels = (value: number) => toShekels(agorot(value));

/** An allocation as a lean query reads it. */
interface StoredAllocation {
  _id: Types.ObjectId;
  projectId: Types.ObjectId;
  amountAgorot: number;
  status: 'planned' | 'paid' | 'returned';
  bank: { bankCode: string; branch: string; accountMasked: string };
  returnedAt?: Date | null;
}

/**
 * The community fund's side of a payout run (issue 23 item 7): each project's allocation in the
 * run, beside its authors, and the bank returning a project's transfer — which, like an author's,
 * is recorded on the allocation and booked back to the fund by an appended ledger entry (once:
 * the entry's key is the allocation's), so the next run allocates the money again.
 */
@Injectable()
export class RunAllocationsService {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(COMMUNITY_ALLOCATION_MODEL)
    private readonly allocations: CommunityAllocationModel,
    @InjectModel(COMMUNITY_PROJECT_MODEL) private readonly projects: CommunityProjectModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
  ) {}

  /** A run's allocations, largest first, with their totals. */
  async forRun(
    runId: Types.ObjectId,
  ): Promise<Pick<PayoutRunDetail, 'allocations' | 'allocationTotals'>> {
    const rows = await this.allocations
      .find({ runId })
      .sort({ amountAgorot: -1, _id: 1 })
      .lean<StoredAllocation[]>();
    const projects = await this.projects
      .find({ _id: { $in: rows.map((row) => row.projectId) } })
      .select({ name: 1 })
      .lean<Array<{ _id: Types.ObjectId; name: string }>>();
    const names = new Map(projects.map((p) => [p._id.toHexString(), p.name]));
    const returned = rows.filter((row) => row.status === 'returned');
    const sum = (list: StoredAllocation[]) => list.reduce((t, row) => t + row.amountAgorot, 0);
    return {
      allocations: rows.map((row) => ({
        id: row._id.toHexString(),
        projectId: row.projectId.toHexString(),
        projectName: names.get(row.projectId.toHexString()) ?? '',
        status: row.status,
        amount: shekels(row.amountAgorot),
        bank: {
          bankCode: row.bank.bankCode,
          branch: row.bank.branch,
          accountMasked: row.bank.accountMasked,
        },
        returnedAt: row.returnedAt?.toISOString() ?? null,
      })),
      allocationTotals: {
        count: rows.length,
        total: shekels(sum(rows)),
        returnedCount: returned.length,
        returned: shekels(sum(returned)),
      },
    };
  }

  /** The bank returned a project's transfer: recorded, and the money is the fund's again. */
  async markReturned(allocationId: string, adminId: string, now = new Date()) {
    const id = new Types.ObjectId(allocationId);
    const allocation = await this.allocations
      .findById(id)
      .select({ status: 1, projectId: 1, amountAgorot: 1 })
      .lean<Pick<StoredAllocation, 'status' | 'projectId' | 'amountAgorot'>>();
    if (!allocation) throw new DomainError('not_found', m.allocationNotFound);
    if (allocation.status === 'returned') {
      throw new DomainError('conflict', m.allocationAlreadyReturned);
    }
    // Only money that left: a transfer not yet sent is not in the bank's hands to return.
    if (allocation.status !== 'paid') {
      throw new DomainError('conflict', m.allocationNotReturnable);
    }
    try {
      await this.connection.transaction(async (session) => {
        const changed = await this.allocations.updateOne(
          { _id: id, status: 'paid' },
          { $set: { status: 'returned', returnedAt: now, returnedBy: adminId } },
          { session },
        );
        if (changed.modifiedCount === 0) {
          throw new DomainError('conflict', m.allocationAlreadyReturned);
        }
        await this.ledger.create(
          [
            allocationLedgerEntry(
              { _id: id, projectId: allocation.projectId, amountAgorot: allocation.amountAgorot },
              'returned',
              now,
            ),
          ],
          { session },
        );
      });
    } catch (error) {
      if (isDuplicateKeyError(error)) {
        throw new DomainError('conflict', m.allocationAlreadyReturned);
      }
      throw error;
    }
    return { message: m.allocationReturned };
  }
}
