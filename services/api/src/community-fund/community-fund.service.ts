import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { CommunityFund, CommunityFundMonth } from '@mechabrim/contracts';
import {
  COMMUNITY_PROJECT_MODEL,
  LEDGER_ENTRY_MODEL,
  type CommunityProjectModel,
  type LedgerEntryModel,
} from '@mechabrim/db';
import { agorot, toShekels } from '@mechabrim/money';
import type { StoredProject } from './community-projects.service';
import { receivedByProject } from './project-received';

/** Months shown on the community page. */
const MONTHS_SHOWN = 24;

const shekels = (amount: number) => toShekels(agorot(amount));

/**
 * The community fund as anyone can follow it (`GET /api/community/fund`), read from the ledger
 * alone: the community party's entries by month in Israel's calendar — the community's share of
 * sales (less reversals and returns) and direct donations coming in, allocations to projects
 * going out — and each project's target and what it has received.
 */
@Injectable()
export class CommunityFundService {
  constructor(
    @InjectModel(LEDGER_ENTRY_MODEL) private readonly ledger: LedgerEntryModel,
    @InjectModel(COMMUNITY_PROJECT_MODEL) private readonly projects: CommunityProjectModel,
  ) {}

  async fund(): Promise<CommunityFund> {
    const [rows, projects, received] = await Promise.all([
      this.ledger.aggregate<{ _id: { month: string; kind: string }; total: number }>([
        { $match: { party: 'community' } },
        {
          $group: {
            _id: {
              month: {
                $dateToString: { format: '%Y-%m', date: '$occurredAt', timezone: 'Asia/Jerusalem' },
              },
              kind: '$kind',
            },
            total: { $sum: '$amountAgorot' },
          },
        },
      ]),
      this.projects
        .find()
        .select({ bank: 0 })
        .sort({ status: 1, createdAt: 1, _id: 1 })
        .limit(200)
        .lean<StoredProject[]>(),
      receivedByProject(this.ledger),
    ]);
    const months = new Map<string, { received: number; donations: number; allocated: number }>();
    for (const row of rows) {
      const month = months.get(row._id.month) ?? { received: 0, donations: 0, allocated: 0 };
      if (row._id.kind === 'allocation') month.allocated -= row.total;
      else month.received += row.total;
      if (row._id.kind === 'donation') month.donations += row.total;
      months.set(row._id.month, month);
    }
    const sorted = [...months.entries()].sort(([a], [b]) => (a < b ? 1 : -1));
    const total = sorted.reduce((sum, [, month]) => sum + month.received, 0);
    const allocated = sorted.reduce((sum, [, month]) => sum + month.allocated, 0);
    return {
      total: shekels(total),
      allocated: shekels(allocated),
      balance: shekels(total - allocated),
      months: sorted.slice(0, MONTHS_SHOWN).map(([month, sums]): CommunityFundMonth => ({
        month,
        received: shekels(sums.received),
        donations: shekels(sums.donations),
        allocated: shekels(sums.allocated),
      })),
      projects: projects.map((project) => ({
        id: project._id.toHexString(),
        name: project.name,
        description: project.description,
        target: shekels(project.targetAgorot),
        received: shekels(received.get(project._id.toHexString()) ?? 0),
        status: project.status,
      })),
    };
  }
}
