// The spec's bonuses in the payout run, and a held payout paid in its own period once an admin
// releases the hold (issue 23): sales in the ledger, payout details and the admin's actions
// through the API, the worker's run and release over BullMQ, against MongoDB and Redis.
// eslint-disable-next-line @nx/enforce-module-boundaries -- the API's harness, as payout-runs'
import { startPortalApi, type Account, type PortalApi } from '../../api/test/portal-fixture';
import {
  PAYOUT_QUEUE_NAMES,
  payoutReleaseJobId,
  type MyPayouts,
  type PayoutRun,
  type PayoutRunDetail,
} from '@mechabrim/contracts';
import { Queue } from 'bullmq';
import { payoutPeriodOf } from '@mechabrim/money';
import { until } from '@mechabrim/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Types } from 'mongoose';
import { PayoutBatchStep } from '../src/payout-runs/payout-batch-step';
import { PayoutBonusesStep } from '../src/payout-runs/payout-bonuses';
import { PayoutReleaseStep } from '../src/payout-runs/payout-release';
import { startTestWorker } from './worker-app';

const names: Record<string, string> = { lea: 'לאה שחר', omer: 'עומר בר', gil: 'גיל נוי' };

const details = (holder: string, account: string) => ({
  accountHolder: holder,
  bankCode: '12',
  branch: '571',
  account,
  taxId: '000000018',
  taxStatus: 'licensed-dealer',
});

/** The credit movements of a Masav file: one `1` record each. */
const movements = (bytes: Uint8Array) =>
  Buffer.from(bytes)
    .toString('latin1')
    .split('\r\n')
    .filter((record) => record.startsWith('1')).length;

describe('bonuses and released holds in the payout run', () => {
  let ctx: PortalApi;
  let worker: NestFastifyApplication;
  let admin: Account;
  let library: Account;
  const authors: Record<string, Account> = {};
  const period = payoutPeriodOf(new Date());
  const soldAt = new Date(period.end.getTime() - 10 * 86_400_000);
  const id = (key: string) => new Types.ObjectId(authors[key]?.id);

  const sumOf = async (match: Record<string, unknown>) => {
    const [sum] = await ctx.ledger.aggregate<{ total: number }>([
      { $match: match },
      { $group: { _id: null, total: { $sum: '$amountAgorot' } } },
    ]);
    return sum?.total ?? 0;
  };
  const payoutOf = (key: string) =>
    ctx.db.collection('payouts').findOne({ authorId: id(key), period: period.month });
  const runDetail = async (runId: string) =>
    (
      await ctx.http.get<PayoutRunDetail>(`/api/admin/payout-runs/${runId}`, {
        token: admin.token,
      })
    ).body;
  const batchFile = async (runId: string) => {
    const answer = await fetch(`${ctx.api.baseUrl}/api/admin/payout-runs/${runId}/batch`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(answer.status).toBe(200);
    return new Uint8Array(await answer.arrayBuffer());
  };
  const release = (key: string) =>
    ctx.http.post<{ message: string }>(
      `/api/admin/payout-holds/${authors[key]?.id}/release`,
      undefined,
      { token: admin.token },
    );
  /** Waits for the release's job (bank file, statement and totals included) to finish. */
  const paidOnce = async (key: string) => {
    const held = await payoutOf(key);
    const queue = new Queue(PAYOUT_QUEUE_NAMES.payoutRuns, {
      connection: { url: ctx.redisUrl, maxRetriesPerRequest: null },
    });
    try {
      await until(
        `${key}'s released payout`,
        async () => {
          const job = await queue.getJob(payoutReleaseJobId(String(held?._id)));
          if (job && (await job.isFailed())) throw new Error(job.failedReason);
          return job && (await job.isCompleted()) ? true : undefined;
        },
        60_000,
      );
    } finally {
      await queue.close();
    }
    expect((await payoutOf(key))?.status).toBe('planned');
  };

  beforeAll(async () => {
    ctx = await startPortalApi();
    ({ app: worker } = await startTestWorker(
      { mongoUri: ctx.mongoUri, redisUrl: ctx.redisUrl },
      { DATA_DIR: ctx.dataDir },
    ));
    admin = await ctx.admin('admin.bonuses@example.com');
    library = await ctx.reader('library.bonuses@example.com');
    for (const [key, name] of Object.entries(names)) {
      const account = await ctx.author(`${key}.bonuses@example.com`, name);
      authors[key] = account;
      const saved = await ctx.http.put('/api/authors/me/payout-details', details(name, '41116'), {
        token: account.token,
      });
      expect(saved.status).toBe(200);
    }
    const lea = authors.lea?.id ?? '';
    const leasBook = await ctx.book(lea, { title: 'הספר של לאה' });
    // Lea: 1,200 ₪ of sales in the month paid for, 200 ₪ of them bought by a library; her first
    // sale was 14 months ago (50 ₪).
    await ctx.order([{ bookId: leasBook, authorId: lea, price: 100, quantity: 10 }], {
      at: soldAt,
    });
    const libraryOrder = await ctx.order(
      [{ bookId: leasBook, authorId: lea, price: 100, quantity: 2 }],
      { at: soldAt },
    );
    await ctx.orders.updateOne(
      { _id: new Types.ObjectId(libraryOrder) },
      { $set: { 'user.userId': new Types.ObjectId(library.id) } },
    );
    await ctx.order([{ bookId: leasBook, authorId: lea, price: 50, quantity: 1 }], {
      at: new Date(period.end.getTime() - 420 * 86_400_000),
    });
    // Omer and Gil sell under 1,000 ₪ and change their bank details: held for a review.
    for (const [key, copies] of [
      ['omer', 3],
      ['gil', 2],
    ] as const) {
      const author = authors[key]?.id ?? '';
      const book = await ctx.book(author);
      await ctx.order([{ bookId: book, authorId: author, price: 100, quantity: copies }], {
        at: soldAt,
      });
      const changed = await ctx.http.put(
        '/api/authors/me/payout-details',
        { ...details(names[key] ?? key, '000032018'), bankCode: '11', branch: '001' },
        { token: authors[key]?.token },
      );
      expect(changed.status).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await ctx?.close();
  });

  it('lets only an admin mark an account as an institution', async () => {
    const url = `/api/admin/institutions/${library.id}`;
    expect((await ctx.http.put(url, { institution: true }, { token: library.token })).status).toBe(
      403,
    );
    expect((await ctx.http.put(url, { institution: 'yes' }, { token: admin.token })).status).toBe(
      400,
    );
    const unknown = await ctx.http.put<{ message: string }>(
      `/api/admin/institutions/${new Types.ObjectId().toHexString()}`,
      { institution: true },
      { token: admin.token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/[\u0590-\u05FF]/);
    const marked = await ctx.http.put<{ message: string }>(
      url,
      { institution: true },
      { token: admin.token },
    );
    expect(marked.status).toBe(200);
    expect(marked.body.message).toMatch(/[\u0590-\u05FF]/);
    expect((await ctx.users.findById(library.id).lean())?.isInstitution).toBe(true);
  });

  it("books each bonus once, paid by the platform's share, and pays and shows it", async () => {
    const started = await ctx.http.post<PayoutRun>('/api/admin/payout-runs', undefined, {
      token: admin.token,
    });
    expect(started.status).toBe(202);
    await until(
      'the payout run',
      async () => ((await runDetail(started.body.id)).status === 'done' ? true : undefined),
      60_000,
    );
    const bonuses = await ctx.ledger
      .find({ kind: 'bonus' })
      .sort({ party: 1, lineIndex: 1 })
      .lean<
        Array<{ party: string; bonusRule: string; bonusMonth: string; amountAgorot: number }>
      >();
    // 5 % of 1,200 ₪, 3 % of the library's 200 ₪, 2 % of 1,200 ₪ for a year on the site.
    expect(bonuses.filter((b) => b.party === 'author')).toEqual([
      expect.objectContaining({
        bonusRule: 'monthly-sales',
        bonusMonth: period.month,
        amountAgorot: 6_000,
      }),
      expect.objectContaining({
        bonusRule: 'institutions',
        bonusMonth: period.month,
        amountAgorot: 600,
      }),
      expect.objectContaining({
        bonusRule: 'loyalty',
        bonusMonth: period.month,
        amountAgorot: 2_400,
      }),
    ]);
    expect(await sumOf({ kind: 'bonus' })).toBe(0);
    expect(await sumOf({ kind: 'bonus', party: 'platform' })).toBe(-9_000);

    // Lea is paid her sales' share and the bonuses: her ledger comes to nothing.
    const sales = await sumOf({ authorId: id('lea'), party: 'author', kind: 'sale' });
    expect((await payoutOf('lea'))?.grossAgorot).toBe(sales + 9_000);
    expect(await sumOf({ authorId: id('lea'), party: 'author' })).toBe(0);
    const mine = await ctx.http.get<MyPayouts>('/api/payouts/mine', { token: authors.lea?.token });
    const statement = mine.body.payouts[0]?.statement;
    expect(statement?.bonuses).toBe(90);
    expect(statement?.bonusLines).toEqual([
      { month: period.month, rule: 'monthly-sales', amount: 60 },
      { month: period.month, rule: 'institutions', amount: 6 },
      { month: period.month, rule: 'loyalty', amount: 24 },
    ]);
    expect(statement && statement.carriedIn + statement.earned + statement.bonuses).toBe(
      statement?.balance,
    );

    // The step again (a second start, a crash's rerun): nothing new.
    const step = worker.get(PayoutBonusesStep);
    const institutionOrders = await step.institutionOrders();
    expect(await step.book({ periodEnd: period.end }, id('lea'), institutionOrders)).toBe(0);
    expect(await ctx.ledger.countDocuments({ kind: 'bonus' })).toBe(6);
    expect((await payoutOf('omer'))?.status).toBe('held');
  }, 90_000);

  it("pays a released author in the same period, once, in the run's unsent file", async () => {
    const [run] = (
      await ctx.http.get<PayoutRun[]>('/api/admin/payout-runs', { token: admin.token })
    ).body;
    if (!run) throw new Error('no run');
    expect(run.batch?.credits).toBe(1);
    const owed = await sumOf({ authorId: id('omer'), party: 'author' });
    expect(owed).toBeGreaterThan(0);

    expect((await release('omer')).status).toBe(200);
    await paidOnce('omer');
    const omers = await payoutOf('omer');
    expect(omers).toMatchObject({ grossAgorot: owed, netAgorot: owed, heldReason: null });
    expect(await sumOf({ authorId: id('omer'), party: 'author' })).toBe(0);
    // The release's job again, or a second worker: it was paid, nothing more.
    const again = await worker.get(PayoutReleaseStep).pay(String(omers?._id));
    expect(again).toEqual({ outcome: 'exists' });
    expect(await ctx.ledger.countDocuments({ authorId: id('omer'), kind: 'payout' })).toBe(1);

    const detail = await runDetail(run.id);
    expect(detail.batch?.credits).toBe(2);
    expect(detail.totals).toMatchObject({ paidCount: 2, heldCount: 1 });
    expect(movements(await batchFile(run.id))).toBe(2);
  }, 90_000);

  it('leaves a downloaded file as it is: a hold released after the download is paid in the next file, once the downloaded one is sent', async () => {
    const [run] = (
      await ctx.http.get<PayoutRun[]>('/api/admin/payout-runs', { token: admin.token })
    ).body;
    if (!run) throw new Error('no run');
    // The admin has the file (downloaded in the test above): Lea's and Omer's transfers.
    const downloaded = await batchFile(run.id);
    expect(movements(downloaded)).toBe(2);
    const before = await ctx.db.collection('payout_runs').findOne({ period: period.month });
    expect(before?.batch?.downloadedAt).toBeInstanceOf(Date);

    expect((await release('gil')).status).toBe(200);
    await paidOnce('gil');
    expect(await sumOf({ authorId: id('gil'), party: 'author' })).toBe(0);
    // The file the admin may be sending is unchanged, under the same key.
    const after = await ctx.db.collection('payout_runs').findOne({ period: period.month });
    expect(after?.batch).toMatchObject({ fileKey: before?.batch?.fileKey, credits: 2 });
    expect(Buffer.from(await batchFile(run.id)).equals(Buffer.from(downloaded))).toBe(true);

    // Marking it sent pays what it holds, not Gil's payout, which it lacks.
    const sent = await ctx.http.post(`/api/admin/payout-runs/${run.id}/sent`, undefined, {
      token: admin.token,
    });
    expect(sent.status).toBe(200);
    expect((await payoutOf('lea'))?.status).toBe('paid');
    expect((await payoutOf('omer'))?.status).toBe('paid');
    expect((await payoutOf('gil'))?.status).toBe('planned');
    // The worker writes Gil the run's next file.
    const next = await until(
      "the run's next file",
      async () => {
        const stored = await ctx.db.collection('payout_runs').findOne({ period: period.month });
        return stored?.batch?.sentAt === null ? stored : undefined;
      },
      60_000,
    );
    expect(next.batch).toMatchObject({
      fileKey: expect.stringMatching(
        new RegExp(`^payouts/${period.month}-2\\.[a-f\\d]{16}\\.msv$`),
      ),
      credits: 1,
      payoutIds: [(await payoutOf('gil'))?._id],
    });
    expect(next.previousBatches).toHaveLength(1);
    // The step again on the run's second file (a retried job, another release): it holds only
    // what is still planned, never the first file's transfers again.
    const stored = await ctx.db.collection('payout_runs').findOne({ period: period.month });
    await worker.get(PayoutBatchStep).write(stored as never);
    const again = await ctx.db.collection('payout_runs').findOne({ period: period.month });
    expect(again?.batch).toMatchObject({ fileKey: next.batch.fileKey, credits: 1 });
    expect(movements(await batchFile(run.id))).toBe(1);
    const sentAgain = await ctx.http.post(`/api/admin/payout-runs/${run.id}/sent`, undefined, {
      token: admin.token,
    });
    expect(sentAgain.status).toBe(200);
    expect((await payoutOf('gil'))?.status).toBe('paid');
    expect(await ctx.ledger.countDocuments({ authorId: id('gil'), kind: 'payout' })).toBe(1);
  }, 90_000);
});
