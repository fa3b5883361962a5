import { Injectable, Logger } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
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
import { allocateFund } from '@mechabrim/money';
import { seal, unseal, type SealedValue } from '@mechabrim/server-kit';
import type { BatchPayout } from './payout-batch';

/** The run as the allocation reads it. */
export interface AllocationRun {
  _id: Types.ObjectId;
  period: string;
  periodEnd: Date;
  startedAt: Date;
}

interface ProjectBank {
  accountHolder: string;
  bankCode: string;
  branch: string;
  accountMasked: string;
  sealed: SealedValue;
}

interface StoredProject {
  _id: Types.ObjectId;
  targetAgorot: number;
  bank: ProjectBank | null;
}

/** The allocations that moved (or are moving) money: the ones the bank file pays. */
const ALLOCATION_MONEY_STATUSES = ['planned', 'paid'] as Array<'planned' | 'paid'>;

/**
 * The payout run's community step (issue 23 item 7): the fund's ledger balance at the period's
 * end handed to the active projects by `allocateFund` of `@mechabrim/money` (in proportion to what
 * each still needs, never above a target), and paid in the run's bank file beside the authors.
 *
 * Once per period: every allocation of the period and its ledger entry are written in one
 * transaction, after checking none exists; the allocations' unique (period, project) makes a
 * concurrent second attempt fail whole, and it finds the first one's. A resumed run therefore
 * never allocates twice, even though its balance would now read lower.
 */
@Injectable()
export class CommunityAllocationStep {
  private readonly logger = new Logger(CommunityAllocationStep.name);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectModel(COMMUNITY_PROJECT_MODEL) private readonly projects: CommunityProjectModel,
    @InjectModel(COMMUNITY_ALLOCATION_MODEL)
    private readonly allocations: CommunityAllocationModel,
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
  ) {}

  /** Allocates the fund for the run's period (a no-op when the period's allocations exist). */
  async allocate(run: AllocationRun, key: Buffer): Promise<{ count: number; totalAgorot: number }> {
    const none = { count: 0, totalAgorot: 0 };
    if (await this.allocations.exists({ period: run.period })) return none;
    const [balance, projects, received] = await Promise.all([
      this.balanceAt(run.periodEnd),
      this.projects
        .find({ status: 'active', bank: { $ne: null } })
        .select({ targetAgorot: 1, bank: 1 })
        .sort({ createdAt: 1, _id: 1 })
        .lean<StoredProject[]>(),
      this.received(),
    ]);
    const plan = allocateFund(
      balance,
      projects.map((project) => ({
        id: project._id.toHexString(),
        targetAgorot: project.targetAgorot,
        receivedAgorot: received.get(project._id.toHexString()) ?? 0,
      })),
    );
    if (!plan.length) return none;
    const byId = new Map(projects.map((project) => [project._id.toHexString(), project]));
    const rows = plan.map((share) => {
      const project = byId.get(share.id) as StoredProject & { bank: ProjectBank };
      const _id = new Types.ObjectId();
      return {
        _id,
        runId: run._id,
        projectId: project._id,
        period: run.period,
        periodEnd: run.periodEnd,
        amountAgorot: Number(share.amount),
        status: 'planned' as const,
        bank: {
          accountHolder: project.bank.accountHolder,
          bankCode: project.bank.bankCode,
          branch: project.bank.branch,
          accountMasked: project.bank.accountMasked,
          // The project's account, sealed again with the allocation's id bound in, as a payout's.
          sealed: seal(
            key,
            unseal(key, project.bank.sealed, project._id.toHexString()),
            _id.toHexString(),
          ),
        },
        createdAt: new Date(),
      };
    });
    try {
      await this.connection.transaction(async (session) => {
        await this.allocations.create(rows, { session, ordered: true });
        await this.ledger.create(
          rows.map((row) => allocationLedgerEntry(row, 'paid', run.startedAt)),
          { session, ordered: true },
        );
      });
    } catch (error) {
      // Another attempt of the same run allocated the period first: its allocations stand.
      if (isDuplicateKeyError(error)) return none;
      throw error;
    }
    const totalAgorot = rows.reduce((sum, row) => sum + row.amountAgorot, 0);
    this.logger.log({
      period: run.period,
      balanceAgorot: balance,
      count: rows.length,
      totalAgorot,
      msg: 'community fund allocated',
    });
    return { count: rows.length, totalAgorot };
  }

  /** The run's allocations as bank-file credits (after the authors', by project). */
  async batchCredits(run: AllocationRun, key: Buffer): Promise<BatchPayout[]> {
    const rows = await this.allocations
      .find({ runId: run._id, status: { $in: ALLOCATION_MONEY_STATUSES } })
      .sort({ projectId: 1 })
      .lean<
        Array<{ _id: Types.ObjectId; amountAgorot: number; periodEnd: Date; bank: ProjectBank }>
      >();
    return rows.map((row) => {
      const secret = JSON.parse(unseal(key, row.bank.sealed, row._id.toHexString())) as {
        account: string;
        taxId: string;
      };
      return {
        id: row._id,
        bankCode: row.bank.bankCode,
        branch: row.bank.branch,
        account: secret.account,
        taxId: secret.taxId,
        accountHolder: row.bank.accountHolder,
        netAgorot: row.amountAgorot,
        periodEnd: row.periodEnd,
      };
    });
  }

  /** The fund's balance before `end`: every community entry, allocations out included. */
  private async balanceAt(end: Date): Promise<number> {
    const [sum] = await this.ledger.aggregate<{ total: number }>([
      { $match: { party: 'community', occurredAt: { $lt: end } } },
      { $group: { _id: null, total: { $sum: '$amountAgorot' } } },
    ]);
    return sum?.total ?? 0;
  }

  /** What each project has received so far (its allocations, less transfers returned). */
  private async received(): Promise<Map<string, number>> {
    const rows = await this.ledger.aggregate<{ _id: Types.ObjectId; total: number }>([
      { $match: { kind: 'allocation', projectId: { $ne: null } } },
      { $group: { _id: '$projectId', total: { $sum: '$amountAgorot' } } },
    ]);
    return new Map(rows.map((row) => [row._id.toHexString(), 0 - row.total]));
  }
}
