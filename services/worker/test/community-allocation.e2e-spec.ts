// The community fund's step of the payout run (issue 23 item 7): projects through the admin API,
// the fund's money in the ledger (the community's share of sales, a direct donation), the
// admin's start through the API, this worker's run over BullMQ, the bank file with the projects'
// transfers, and the fund as the community page reads it.
// eslint-disable-next-line @nx/enforce-module-boundaries -- the API's harness starts MongoDB, Redis and the API
import { startPortalApi, type Account, type PortalApi } from '../../api/test/portal-fixture';
import type {
  CommunityFund,
  CommunityProjectAdmin,
  PayoutRun,
  PayoutRunDetail,
} from '@mechabrim/contracts';
import { payoutPeriodOf } from '@mechabrim/money';
import { until } from '@mechabrim/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Types } from 'mongoose';
import { WORKER_CONFIG, type WorkerConfig } from '../src/config/worker-config';
import { CommunityAllocationStep } from '../src/payout-runs/community-allocation';
import { PayoutRunService } from '../src/payout-runs/payout-run.service';
import { startTestWorker } from './worker-app';

/** The credit movements of a Masav file, read at the layout's fixed offsets. */
function masavMovements(bytes: Uint8Array) {
  const records = Buffer.from(bytes).toString('latin1').slice(0, -2).split('\r\n');
  for (const record of records) expect(record).toHaveLength(128);
  const total = records[records.length - 2] ?? '';
  return {
    movements: records
      .filter((record) => record.startsWith('1'))
      .map((record) => ({ payeeId: record.slice(36, 45), amount: Number(record.slice(61, 74)) })),
    totalAmount: Number(total.slice(21, 36)),
    count: Number(total.slice(51, 58)),
  };
}

const bank = (taxId: string) => ({
  accountHolder: 'עמותת קוראים',
  bankCode: '12',
  branch: '571',
  account: '41116',
  taxId,
});

describe('the community fund in the payout run', () => {
  let ctx: PortalApi;
  let worker: NestFastifyApplication;
  let admin: Account;
  const period = payoutPeriodOf(new Date());
  const soldAt = new Date(period.end.getTime() - 10 * 86_400_000);
  const projects: Record<string, CommunityProjectAdmin> = {};

  const project = async (name: string, target: number, status: string, taxId?: string) => {
    const created = await ctx.http.post<CommunityProjectAdmin>(
      '/api/admin/community-projects',
      { name, target, status, ...(taxId && { bank: bank(taxId) }) },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    return created.body;
  };
  const allocationsOf = () =>
    ctx.ledger.find({ kind: 'allocation' }).sort({ amountAgorot: 1 }).lean<
      Array<{
        amountAgorot: number;
        projectId: Types.ObjectId;
        party: string;
        authorId?: unknown;
      }>
    >();

  beforeAll(async () => {
    ctx = await startPortalApi();
    ({ app: worker } = await startTestWorker(
      { mongoUri: ctx.mongoUri, redisUrl: ctx.redisUrl },
      { DATA_DIR: ctx.dataDir },
    ));
    admin = await ctx.admin('admin.fund@example.com');
    // Needs 100 ₪ and 300 ₪; a project being set up and a reached one get nothing.
    projects.library = await project('ספרייה קהילתית', 100, 'active', '000000018');
    projects.workshops = await project('סדנאות כתיבה', 300, 'active', '000000026');
    projects.audio = await project('ספרי שמע', 1_000, 'setting-up');
    // An author without payout details (held): the file pays only the fund's transfers.
    const author = await ctx.author('author.fund@example.com', 'יעל שמש');
    const bookId = await ctx.book(author.id, { title: 'ספר הקהילה' });
    // 5 copies × 100 ₪: 50 ₪ to the community; and 30 ₪ given directly, before the period's end.
    await ctx.order([{ bookId, authorId: author.id, price: 100, quantity: 5 }], { at: soldAt });
    await ctx.ledger.create({
      orderId: new Types.ObjectId(),
      lineIndex: 0,
      party: 'community',
      kind: 'donation',
      amountAgorot: 3_000,
      quantity: 0,
      lineTotalAgorot: 0,
      occurredAt: soldAt,
    });
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await ctx?.close();
  });

  it('allocates the fund to active projects in proportion to their need, and pays them in the file', async () => {
    const started = await ctx.http.post<PayoutRun>('/api/admin/payout-runs', undefined, {
      token: admin.token,
    });
    expect(started.status).toBe(202);
    await until(
      'the payout run',
      async () => {
        const answer = await ctx.http.get<PayoutRunDetail>(
          `/api/admin/payout-runs/${started.body.id}`,
          { token: admin.token },
        );
        return answer.body.status === 'done' ? answer.body : undefined;
      },
      60_000,
    );
    // 80 ₪ for needs of 100 and 300 ₪ (1:3): 20 and 60 ₪, the fund's balance to the agora.
    const entries = await allocationsOf();
    expect(entries.map((e) => [e.projectId.toHexString(), e.amountAgorot])).toEqual([
      [projects.workshops?.id, -6_000],
      [projects.library?.id, -2_000],
    ]);
    expect(entries.every((e) => e.party === 'community' && e.authorId === undefined)).toBe(true);
    const [fund] = await ctx.ledger.aggregate<{ total: number }>([
      { $match: { party: 'community' } },
      { $group: { _id: null, total: { $sum: '$amountAgorot' } } },
    ]);
    expect(fund?.total).toBe(0);

    const [run] = (
      await ctx.http.get<PayoutRun[]>('/api/admin/payout-runs', { token: admin.token })
    ).body;
    expect(run?.batch).toMatchObject({ credits: 2, total: 80 });
    const response = await fetch(`${ctx.api.baseUrl}/api/admin/payout-runs/${run?.id}/batch`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const file = masavMovements(new Uint8Array(await response.arrayBuffer()));
    expect(file.count).toBe(2);
    expect(file.totalAmount).toBe(8_000);
    expect(file.movements.map((m) => `${m.payeeId}:${m.amount}`).sort()).toEqual([
      '000000018:2000',
      '000000026:6000',
    ]);
    // Nothing readable of the accounts in the allocations either.
    const raw = JSON.stringify(await ctx.db.collection('community_allocations').find().toArray());
    expect(raw).not.toContain('41116');
    expect(raw).not.toContain('000000018');
  }, 90_000);

  it('never allocates twice: a repeated step or a second run of the period adds nothing', async () => {
    const runs = worker.get(PayoutRunService);
    const step = worker.get(CommunityAllocationStep);
    const config = worker.get<WorkerConfig>(WORKER_CONFIG);
    const run = await runs.openRun(undefined, new Date());
    if (!run || !config.payouts.detailsKey) throw new Error('no run or key');
    // More money came in: still, the period was allocated once.
    await ctx.ledger.create({
      orderId: new Types.ObjectId(),
      lineIndex: 0,
      party: 'community',
      kind: 'donation',
      amountAgorot: 10_000,
      quantity: 0,
      lineTotalAgorot: 0,
      occurredAt: soldAt,
    });
    expect(await step.allocate(run, config.payouts.detailsKey)).toEqual({
      count: 0,
      totalAgorot: 0,
    });
    expect(await runs.execute(run)).toBeNull();
    expect(await allocationsOf()).toHaveLength(2);
    expect(await ctx.db.collection('community_allocations').countDocuments()).toBe(2);
  });

  it('shows each project what it received, and marks the transfers paid with the batch', async () => {
    const fund = (await ctx.http.get<CommunityFund>('/api/community/fund')).body;
    const received = Object.fromEntries(fund.projects.map((p) => [p.name, [p.target, p.received]]));
    expect(received).toEqual({
      'ספרייה קהילתית': [100, 20],
      'סדנאות כתיבה': [300, 60],
      'ספרי שמע': [1_000, 0],
    });
    expect(fund).toMatchObject({ total: 180, allocated: 80, balance: 100 });

    const [run] = (
      await ctx.http.get<PayoutRun[]>('/api/admin/payout-runs', { token: admin.token })
    ).body;
    const sent = await ctx.http.post(`/api/admin/payout-runs/${run?.id}/sent`, undefined, {
      token: admin.token,
    });
    expect(sent.status).toBe(200);
    const statuses = await ctx.db.collection('community_allocations').distinct('status');
    expect(statuses).toEqual(['paid']);
  });
});
