// The payout run from end to end (issue 23): authors' sales in the ledger, their payout details
// through the API, an admin's start through the API, this worker's run over BullMQ, the bank
// file, and the admin's records of it. The API's portal harness starts MongoDB, Redis and the API.
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import { startPortalApi, type Account, type PortalApi } from '../../api/test/portal-fixture';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the author's page read at a chosen day
import { MyPayoutsService } from '../../api/src/payouts/my-payouts.service';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  PAYOUT_QUEUE_NAMES,
  PAYOUT_STATEMENT_JOB,
  PAYOUT_STATEMENT_JOB_OPTIONS,
  payoutStatementJobId,
  type MyPayout,
  type MyPayouts,
  type PayoutRun,
  type PayoutRunDetail,
} from '@mechabrim/contracts';
import { Queue } from 'bullmq';
import { decidePayout, nextPayoutDate, payoutPeriodOf, selectPayoutPolicy } from '@mechabrim/money';
import { until } from '@mechabrim/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Types } from 'mongoose';
import { PayoutRunService } from '../src/payout-runs/payout-run.service';
import { PayoutStatements } from '../src/payout-runs/payout-statements';
import { startTestWorker } from './worker-app';

/** Masav's record, read back independently of the writer: fixed offsets of the credit layout. */
function readMasav(bytes: Uint8Array) {
  const text = Buffer.from(bytes).toString('latin1');
  expect(text.endsWith('\r\n')).toBe(true);
  const records = text.slice(0, -2).split('\r\n');
  for (const record of records) expect(record).toHaveLength(128);
  const [header, ...rest] = records;
  const end = rest.pop();
  const total = rest.pop();
  expect(header?.[0]).toBe('K');
  expect(header?.slice(1, 9)).toBe('12345678');
  expect(end).toBe('9'.repeat(128));
  expect(total?.[0]).toBe('5');
  const movements = rest.map((record) => {
    expect(record[0]).toBe('1');
    return {
      bank: record.slice(17, 19),
      branch: record.slice(19, 22),
      account: record.slice(26, 35),
      payeeId: record.slice(36, 45),
      amount: Number(record.slice(61, 74)),
    };
  });
  return {
    movements,
    totalAmount: Number(total?.slice(21, 36)),
    count: Number(total?.slice(51, 58)),
  };
}

const details = (holder: string, taxStatus: string, account: string, taxId: string) => ({
  accountHolder: holder,
  bankCode: '12',
  branch: '571',
  account,
  taxId,
  taxStatus,
});

/** The first payout day whose run reckons a ledger entry made at `at`: its period ends after it. */
function payoutDayReckoning(at: Date): Date {
  const coming = nextPayoutDate(at);
  return payoutPeriodOf(coming).end > at ? coming : nextPayoutDate(coming);
}

describe('the monthly payout run', () => {
  let ctx: PortalApi;
  let worker: NestFastifyApplication;
  let admin: Account;
  const authors: Record<string, Account> = {};
  const period = payoutPeriodOf(new Date());
  // Sales well inside the month paid for.
  const soldAt = new Date(period.end.getTime() - 10 * 86_400_000);

  const ledgerSum = async (authorId: string) => {
    const [sum] = await ctx.ledger.aggregate<{ total: number }>([
      { $match: { authorId: new Types.ObjectId(authorId), party: 'author' } },
      { $group: { _id: null, total: { $sum: '$amountAgorot' } } },
    ]);
    return sum?.total ?? 0;
  };
  const payoutsOf = (authorId: string) =>
    ctx.db
      .collection('payouts')
      .find({ authorId: new Types.ObjectId(authorId) })
      .toArray();
  const startRun = () =>
    ctx.http.post<PayoutRun>('/api/admin/payout-runs', undefined, { token: admin.token });
  const runDone = (id: string) =>
    until(
      'the payout run',
      async () => {
        const answer = await ctx.http.get<PayoutRunDetail>(`/api/admin/payout-runs/${id}`, {
          token: admin.token,
        });
        return answer.body.status === 'done' ? answer.body : undefined;
      },
      60_000,
    );

  beforeAll(async () => {
    ctx = await startPortalApi();
    ({ app: worker } = await startTestWorker(
      { mongoUri: ctx.mongoUri, redisUrl: ctx.redisUrl },
      { DATA_DIR: ctx.dataDir },
    ));
    admin = await ctx.admin('admin.runs@example.com');
    const people = [
      // [key, name, copies × 100 ₪, details]
      ['noa', 'נועה כהן', 4, details('נועה כהן', 'private', '41116', '123456782')],
      ['dan', 'דן לוי', 2, details('דן לוי', 'licensed-dealer', '41116', '000000018')],
      ['tal', 'טל אבן', 1, details('טל אבן', 'exempt-dealer', '41116', '000000026')],
      ['maya', 'מאיה רז', 3, details('מאיה רז', 'licensed-dealer', '41116', '000000034')],
      ['ron', 'רון גל', 2, null],
    ] as const;
    for (const [key, name, copies, bank] of people) {
      const account = await ctx.author(`${key}.runs@example.com`, name);
      authors[key] = account;
      const bookId = await ctx.book(account.id, { title: `הספר של ${name}` });
      // Tal sells one copy of 50 ₪: 42.50 ₪, under the 100 ₪ minimum.
      await ctx.order(
        [{ bookId, authorId: account.id, price: key === 'tal' ? 50 : 100, quantity: copies }],
        { at: soldAt },
      );
      if (bank) {
        const saved = await ctx.http.put('/api/authors/me/payout-details', bank, {
          token: account.token,
        });
        expect(saved.status).toBe(200);
      }
    }
    // Maya changes her details: her next payout waits for an admin.
    const changed = await ctx.http.put(
      '/api/authors/me/payout-details',
      {
        ...details('מאיה רז', 'licensed-dealer', '000032018', '000000034'),
        bankCode: '11',
        branch: '001',
      },
      { token: authors.maya?.token },
    );
    expect(changed.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await ctx?.close();
  });

  it('pays each author once even when the run crashed half-way, holds and rolls over the rest', async () => {
    // A run the schedule opened, which paid two authors and crashed.
    const service = worker.get(PayoutRunService);
    const opened = await service.openRun(undefined, new Date());
    expect(opened?.period).toBe(period.month);
    if (!opened) throw new Error('no run');
    // Two attempts at the same two authors at once (the job taken twice), then the crash: the
    // one that loses the race writes nothing of its own, author by author.
    const noa = new Types.ObjectId(authors.noa?.id);
    const maya = new Types.ObjectId(authors.maya?.id);
    const attempts = await Promise.all([
      service.payAuthors(opened, [noa, maya]),
      service.payAuthors(opened, [maya, noa]),
    ]);
    expect(attempts.flat().filter((o) => o.outcome === 'exists').length).toBeGreaterThanOrEqual(2);

    // The admin starts the period's run: the same run, resumed by the worker.
    const started = await startRun();
    expect(started.status).toBe(202);
    expect(started.body.id).toBe(opened._id.toHexString());
    const run = await runDone(started.body.id);

    const byName = (key: string) => run.payouts.find((p) => p.authorId === authors[key]?.id);
    // Noa: 340 ₪, a private person: 30 % withheld.
    expect(byName('noa')).toMatchObject({ status: 'planned', gross: 340, withheld: 102, net: 238 });
    // Dan: 170 ₪, a licensed dealer: paid in full.
    expect(byName('dan')).toMatchObject({ status: 'planned', gross: 170, withheld: 0, net: 170 });
    // Maya changed her details; Ron never entered any: held, still owed.
    expect(byName('maya')).toMatchObject({ status: 'held', heldReason: 'on-hold', gross: 0 });
    expect(byName('ron')).toMatchObject({ status: 'held', heldReason: 'no-details', gross: 0 });
    // Tal's 42.50 ₪ rolls over: no payout.
    expect(byName('tal')).toBeUndefined();
    expect(run.totals).toMatchObject({
      paidCount: 2,
      gross: 510,
      withheld: 102,
      net: 408,
      heldCount: 2,
      held: 255 + 170,
      carriedCount: 1,
      carried: 42.5,
    });
    for (const key of Object.keys(authors)) {
      expect((await payoutsOf(authors[key]?.id ?? '')).length).toBeLessThanOrEqual(1);
    }
    // The payout entries bring the paid authors' ledger to nothing; the others' stays owed.
    expect(await ledgerSum(authors.noa?.id ?? '')).toBe(0);
    expect(await ledgerSum(authors.dan?.id ?? '')).toBe(0);
    expect(await ledgerSum(authors.maya?.id ?? '')).toBe(25_500);
    expect(await ledgerSum(authors.tal?.id ?? '')).toBe(4_250);
  }, 90_000);

  it("writes each payout's Hebrew statement PDF, serves it to its author only, and mails it once", async () => {
    // Drawn after the run's money, a job each: the run counts them until they are all there.
    const rows = await until(
      'the statements',
      async () => {
        const all = await ctx.db.collection('payouts').find().toArray();
        return all.every((row) => row.statementFileKey && row.statementMailedAt) ? all : undefined;
      },
      60_000,
    );
    expect(rows).toHaveLength(4);
    const [listed] = (
      await ctx.http.get<PayoutRun[]>('/api/admin/payout-runs', { token: admin.token })
    ).body;
    expect(listed?.statementsPending).toBe(0);
    for (const row of rows) {
      expect(row.statementFileKey).toBe(`payout-statements/${String(row._id)}.pdf`);
      expect(row.statementMailedAt).toEqual(expect.any(Date));
    }
    const [noas] = await payoutsOf(authors.noa?.id ?? '');
    const [dans] = await payoutsOf(authors.dan?.id ?? '');
    const noaId = String(noas?._id);
    const pdfOf = (url: string, token?: string) =>
      fetch(`${ctx.api.baseUrl}${url}`, { headers: { authorization: `Bearer ${token ?? ''}` } });
    const own = await pdfOf(`/api/payouts/mine/${noaId}/statement.pdf`, authors.noa?.token);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toMatch(/application\/pdf/);
    expect(own.headers.get('cache-control')).toContain('no-store');
    expect(
      Buffer.from(await own.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Another author's statement is not found for her; an admin reads any; a reader none.
    expect(
      (await pdfOf(`/api/payouts/mine/${String(dans?._id)}/statement.pdf`, authors.noa?.token))
        .status,
    ).toBe(404);
    expect((await pdfOf(`/api/admin/payouts/${noaId}/statement.pdf`, admin.token)).status).toBe(
      200,
    );
    const reader = await ctx.reader('reader.statements@example.com');
    expect((await pdfOf(`/api/admin/payouts/${noaId}/statement.pdf`, reader.token)).status).toBe(
      403,
    );
    // The page's data: the same statement, with the order reference /orders shows.
    const page = await ctx.http.get<MyPayout>(`/api/payouts/mine/${noaId}`, {
      token: authors.noa?.token,
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      id: noaId,
      statementPdf: true,
      withholdingPercent: 30,
      heldReason: null,
      net: 238,
    });
    const [line] = page.body.statement.lines;
    expect(line?.orderReference).toMatch(/^[0-9A-F]{8}$/);
    expect(
      (await ctx.http.get(`/api/payouts/mine/${String(dans?._id)}`, { token: authors.noa?.token }))
        .status,
    ).toBe(404);

    // One mail per payout, the PDF attached; the held ones say why.
    const mails = await until(
      'the statement mails',
      async () => {
        const sent = await ctx.db
          .collection('mail_outbox')
          .find({ template: 'payout-statement', status: 'sent' })
          .toArray();
        return sent.length === 4 ? sent : undefined;
      },
      30_000,
    );
    const noaMail = mails.find((mail) => mail.to === 'noa.runs@example.com');
    expect(noaMail?.subject).toMatch(/^דוח התמלוגים שלכם לחודש /);
    expect(noaMail?.attachments).toEqual([`statement-${period.month}.pdf`]);
    expect(mails.find((mail) => mail.to === 'ron.runs@example.com')?.text).toContain(
      'יש להזין את פרטי חשבון הבנק',
    );
  }, 60_000);

  it('writes a Masav file the bank can read: 128-character records, counts and totals matching', async () => {
    const [run] = (
      await ctx.http.get<PayoutRun[]>('/api/admin/payout-runs', { token: admin.token })
    ).body;
    if (!run) throw new Error('no run');
    expect(run.batch).toMatchObject({ credits: 2, total: 408, sentAt: null });
    const response = await fetch(`${ctx.api.baseUrl}/api/admin/payout-runs/${run.id}/batch`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);
    const file = readMasav(new Uint8Array(await response.arrayBuffer()));
    expect(file.count).toBe(2);
    expect(file.movements.map((m) => m.amount).sort((a, b) => a - b)).toEqual([17_000, 23_800]);
    expect(file.totalAmount).toBe(40_800);
    expect(file.movements.every((m) => m.bank === '12' && m.branch === '571')).toBe(true);
    expect(file.movements.map((m) => m.payeeId).sort()).toEqual(['000000018', '123456782']);
    // Not to a reader.
    const reader = await ctx.reader('reader.runs@example.com');
    expect(
      (await ctx.http.get(`/api/admin/payout-runs/${run.id}/batch`, { token: reader.token }))
        .status,
    ).toBe(403);
  });

  it('a second start the same day answers the same run and pays nothing new', async () => {
    const before = await ctx.db.collection('payouts').countDocuments();
    const again = await startRun();
    expect(again.status).toBe(202);
    expect(again.body.status).toBe('done');
    expect(await ctx.db.collection('payout_runs').countDocuments()).toBe(1);
    // The worker, run again by hand on the same run, pays nobody twice.
    const service = worker.get(PayoutRunService);
    const run = await service.openRun(again.body.id, new Date());
    if (!run) throw new Error('no run');
    for (const key of Object.keys(authors))
      expect((await service.payAuthor(run, new Types.ObjectId(authors[key]?.id))).outcome).toMatch(
        /exists|carried/,
      );
    expect(await ctx.db.collection('payouts').countDocuments()).toBe(before);
    // The statements step again: no second file, no second mail.
    expect(await worker.get(PayoutStatements).issue(run._id)).toEqual({ written: 0, mailed: 0 });
    // A statement's job retried, or queued twice (the run's job repeated): nothing again.
    const [first] = await ctx.db.collection('payouts').find().sort({ _id: 1 }).toArray();
    const payoutId = String(first?._id);
    const jobs = new Queue(PAYOUT_QUEUE_NAMES.payoutStatements, {
      connection: { url: ctx.redisUrl, maxRetriesPerRequest: null },
    });
    try {
      const opts = { ...PAYOUT_STATEMENT_JOB_OPTIONS, jobId: payoutStatementJobId(payoutId) };
      await Promise.all([
        jobs.add(PAYOUT_STATEMENT_JOB, { payoutId }, opts),
        jobs.add(PAYOUT_STATEMENT_JOB, { payoutId }, opts),
      ]);
      await until(
        'the statement jobs',
        async () => {
          const counts = await jobs.getJobCounts('waiting', 'active', 'delayed', 'failed');
          expect(counts.failed).toBe(0);
          return (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0) === 0
            ? true
            : undefined;
        },
        30_000,
      );
    } finally {
      await jobs.close();
    }
    expect(await worker.get(PayoutStatements).issueOne(payoutId)).toEqual({
      written: 0,
      mailed: 0,
    });
    expect(await readdir(path.join(ctx.dataDir, 'payout-statements'))).toHaveLength(before);
    expect(
      await ctx.db.collection('mail_outbox').countDocuments({ template: 'payout-statement' }),
    ).toBe(before);
  });

  it('marks the batch sent, then a returned transfer re-opens the balance once', async () => {
    const [run] = (
      await ctx.http.get<PayoutRun[]>('/api/admin/payout-runs', { token: admin.token })
    ).body;
    if (!run) throw new Error('no run');
    // Not sent yet: the bank cannot have returned it, and the file would still pay it.
    const [planned] = await payoutsOf(authors.dan?.id ?? '');
    expect(planned?.status).toBe('planned');
    const early = await ctx.http.post<{ message: string }>(
      `/api/admin/payouts/${String(planned?._id)}/returned`,
      undefined,
      { token: admin.token },
    );
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/[\u0590-\u05FF]/);
    expect((await payoutsOf(authors.dan?.id ?? ''))[0]?.status).toBe('planned');
    const sent = await ctx.http.post<{ run: PayoutRun }>(
      `/api/admin/payout-runs/${run.id}/sent`,
      undefined,
      { token: admin.token },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.run.batch?.sentAt).toEqual(expect.any(String));
    const twice = await ctx.http.post<{ message: string }>(
      `/api/admin/payout-runs/${run.id}/sent`,
      undefined,
      { token: admin.token },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/[\u0590-\u05FF]/);

    const [dansPayout] = await payoutsOf(authors.dan?.id ?? '');
    expect(dansPayout?.status).toBe('paid');
    const returned = await ctx.http.post(
      `/api/admin/payouts/${String(dansPayout?._id)}/returned`,
      undefined,
      { token: admin.token },
    );
    expect(returned.status).toBe(200);
    expect(await ledgerSum(authors.dan?.id ?? '')).toBe(17_000);
    const again = await ctx.http.post<{ message: string }>(
      `/api/admin/payouts/${String(dansPayout?._id)}/returned`,
      undefined,
      { token: admin.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/[\u0590-\u05FF]/);
    expect(await ledgerSum(authors.dan?.id ?? '')).toBe(17_000);
    expect(
      (
        await ctx.http.post(
          `/api/admin/payouts/${new Types.ObjectId().toHexString()}/returned`,
          undefined,
          {
            token: admin.token,
          },
        )
      ).status,
    ).toBe(404);
  });

  it('shows the author their statement, and a refund after a payout is owed back by the next', async () => {
    // A refund of one of Noa's copies after she was paid.
    const [sale] = await ctx.ledger
      .find({ authorId: new Types.ObjectId(authors.noa?.id), party: 'author', kind: 'sale' })
      .lean<Array<Record<string, unknown>>>();
    const refundedAt = new Date();
    await ctx.ledger.create({
      ...sale,
      _id: new Types.ObjectId(),
      kind: 'reversal',
      amountAgorot: -8_500,
      quantity: -1,
      lineTotalAgorot: -10_000,
      occurredAt: refundedAt,
    });
    const mine = await ctx.http.get<MyPayouts>('/api/payouts/mine', { token: authors.noa?.token });
    expect(mine.status).toBe(200);
    expect(mine.body.policy).toBe('monthly');
    expect(mine.body.rule).toMatch(/15/);
    // The author's page reckons the coming payout day's period. From the 1st to the 14th of a
    // month that run pays the month before, which the refund is not in (the answer is then 0), so
    // the page is read, through the API's own service, on the eve of the run that does reckon it.
    const reckoningDay = payoutDayReckoning(refundedAt);
    const onTheEve = await ctx.api.app
      .get(MyPayoutsService)
      .mine(String(authors.noa?.id), new Date(reckoningDay.getTime() - 1));
    expect(onTheEve.expected).toEqual({ balance: -85, amount: 0, due: false });
    const [payout] = mine.body.payouts;
    expect(payout).toMatchObject({ period: period.month, gross: 340, withheld: 102, net: 238 });
    expect(payout?.statement.lines).toEqual([
      expect.objectContaining({
        bookTitle: 'הספר של נועה כהן',
        copies: 4,
        lineTotal: 400,
        author: 340,
        community: 40,
        platform: 20,
        refunds: 0,
      }),
    ]);
    expect(payout?.statement).toMatchObject({ carriedIn: 0, earned: 340, carriedOver: 0 });
    expect(JSON.stringify(mine.body)).not.toContain('41116');

    // Paid plus still owed is the ledger, to the agora, for every author.
    for (const key of Object.keys(authors)) {
      const id = new Types.ObjectId(authors[key]?.id);
      const entries = await ctx.ledger
        .find({ authorId: id, party: 'author', kind: { $ne: 'payout' } })
        .lean<Array<{ amountAgorot: number; occurredAt: Date }>>();
      const paid = (await payoutsOf(id.toHexString())).filter((p) =>
        ['planned', 'paid'].includes(String(p.status)),
      );
      const owed = decidePayout(
        selectPayoutPolicy('monthly'),
        entries,
        paid.map((p) => ({
          amountAgorot: Number(p.grossAgorot),
          periodEnd: p.periodEnd as Date,
          paidAt: p.createdAt as Date,
        })),
        new Date(Date.now() + 400 * 86_400_000),
      );
      const earned = entries.reduce((sum, e) => sum + e.amountAgorot, 0);
      const paidSum = paid.reduce((sum, p) => sum + Number(p.grossAgorot), 0);
      expect(paidSum + owed.balance).toBe(earned);
      expect(owed.balance).toBe(await ledgerSum(id.toHexString()));
    }
  });
});
