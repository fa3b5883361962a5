import {
  COMMUNITY_FUND_HE,
  PAYOUT_VALIDATION_HE,
  type CommunityFund,
  type CommunityProjectAdmin,
  type PayoutRunDetail,
} from '@mechabrim/contracts';
import { Types } from 'mongoose';
import { expectError } from './http';
import { startPortalApi, type Account, type PortalApi } from './portal-fixture';

const bank = {
  accountHolder: 'עמותת ספרייה פתוחה',
  bankCode: '12',
  branch: '571',
  account: '41116',
  taxId: '123456782',
};
const library = {
  name: 'ספרייה קהילתית בדימונה',
  description: 'ספרים בעברית לילדים ולמבוגרים',
  target: 50_000,
  status: 'active',
  bank,
};

describe('the community fund: projects and the fund in the open', () => {
  let ctx: PortalApi;
  let admin: Account;
  let author: Account;

  const create = (body: unknown, token = admin.token) =>
    ctx.http.post<CommunityProjectAdmin>('/api/admin/community-projects', body, { token });
  const update = (id: string, body: unknown) =>
    ctx.http.put<CommunityProjectAdmin>(`/api/admin/community-projects/${id}`, body, {
      token: admin.token,
    });
  const fund = async () => (await ctx.http.get<CommunityFund>('/api/community/fund')).body;
  const ledgerRow = (row: Record<string, unknown>) => ({
    orderId: new Types.ObjectId(),
    lineIndex: 0,
    party: 'community',
    quantity: 0,
    lineTotalAgorot: 0,
    createdAt: new Date(),
    ...row,
  });

  beforeAll(async () => {
    ctx = await startPortalApi();
    admin = await ctx.admin('admin.community@example.com');
    author = await ctx.author('author.community@example.com', 'רותם שחר');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lets only admins manage projects', async () => {
    expectError(await ctx.http.get('/api/admin/community-projects'), 401);
    expectError(await ctx.http.get('/api/admin/community-projects', { token: author.token }), 403);
    expectError(await create(library, author.token), 403);
  });

  it('adds a project with its transfer details sealed and answered masked', async () => {
    const created = await create(library);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: library.name,
      description: library.description,
      target: 50_000,
      status: 'active',
      received: 0,
      bank: {
        accountHolder: bank.accountHolder,
        bankCode: '12',
        bankName: 'בנק הפועלים',
        branch: '571',
        accountMasked: '••••1116',
      },
    });
    const raw = JSON.stringify(
      await ctx.db
        .collection('community_projects')
        .findOne({ _id: new Types.ObjectId(created.body.id) }),
    );
    expect(raw).toContain('"targetAgorot":5000000');
    for (const secret of ['41116', '123456782']) expect(raw).not.toContain(secret);
    const list = await ctx.http.get<CommunityProjectAdmin[]>('/api/admin/community-projects', {
      token: admin.token,
    });
    expect(list.body.map((p) => p.id)).toContain(created.body.id);
  });

  it('answers every bad field in Hebrew, and needs transfer details for an active project', async () => {
    const bad = expectError(
      await create({ name: 'א', target: -5, status: 'done', bank: { ...bank, taxId: '123' } }),
      400,
    );
    const text = JSON.stringify(bad);
    expect(text).toContain(COMMUNITY_FUND_HE.nameTooShort);
    expect(text).toContain(COMMUNITY_FUND_HE.targetInvalid);
    expect(text).toContain(COMMUNITY_FUND_HE.statusRequired);
    expect(text).toContain(PAYOUT_VALIDATION_HE.taxIdFormat);
    expectError(await create({ ...library, target: 10.005 }), 400);
    const noBank = expectError(await create({ ...library, bank: undefined }), 400);
    expect(noBank.message).toBe(COMMUNITY_FUND_HE.bankRequiredWhenActive);
    // Being set up, a project needs no details yet; made active, it does.
    const setup = await create({
      ...library,
      name: 'סדנאות כתיבה',
      status: 'setting-up',
      bank: undefined,
    });
    expect(setup.status).toBe(201);
    expect(setup.body.bank).toBeNull();
    expectError(
      await update(setup.body.id, { ...library, name: 'סדנאות כתיבה', bank: undefined }),
      400,
    );
    expectError(
      await ctx.http.get(`/api/admin/community-projects/${new Types.ObjectId().toHexString()}`, {
        token: admin.token,
      }),
      404,
    );
    expectError(
      await ctx.http.get('/api/admin/community-projects/not-an-id', { token: admin.token }),
      400,
    );
  });

  it('updates a project keeping its details when the body leaves them out', async () => {
    const created = await create({ ...library, name: 'מלגות לסופרים צעירים' });
    const updated = await update(created.body.id, {
      name: 'מלגות לסופרות ולסופרים צעירים',
      target: 30_000.5,
      status: 'active',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'מלגות לסופרות ולסופרים צעירים',
      description: '',
      target: 30_000.5,
      bank: { accountMasked: '••••1116' },
    });
  });

  it('shows the fund from the ledger: months, donations, allocations and each project', async () => {
    const project = await create({ ...library, name: 'ספריית ספרי שמע', target: 1_000 });
    const projectId = new Types.ObjectId(project.body.id);
    const march = new Date('2026-03-10T10:00:00Z');
    // 23:30 on 31 March in UTC is already 1 April in Israel.
    const aprilInIsrael = new Date('2026-03-31T22:30:00Z');
    await ctx.db.collection('ledger').insertMany([
      ledgerRow({
        kind: 'sale',
        amountAgorot: 12_000,
        occurredAt: march,
        authorId: new Types.ObjectId(),
      }),
      ledgerRow({
        kind: 'return',
        amountAgorot: -2_000,
        occurredAt: march,
        authorId: new Types.ObjectId(),
      }),
      ledgerRow({ kind: 'donation', amountAgorot: 5_050, occurredAt: aprilInIsrael }),
      ledgerRow({ kind: 'allocation', amountAgorot: -7_000, occurredAt: aprilInIsrael, projectId }),
      // An author's share is no fund money.
      ledgerRow({
        kind: 'sale',
        party: 'author',
        amountAgorot: 99_999,
        occurredAt: march,
        authorId: new Types.ObjectId(),
      }),
    ]);
    const answer = await fund();
    expect(answer.months).toEqual([
      { month: '2026-04', received: 50.5, donations: 50.5, allocated: 70 },
      { month: '2026-03', received: 100, donations: 0, allocated: 0 },
    ]);
    expect(answer).toMatchObject({ total: 150.5, allocated: 70, balance: 80.5 });
    expect(answer.projects).toContainEqual({
      id: project.body.id,
      name: 'ספריית ספרי שמע',
      description: library.description,
      target: 1_000,
      received: 70,
      status: 'active',
    });
    expect(JSON.stringify(answer)).not.toContain('1116');
    // The site's donated figure counts what came in; handing it to projects does not lower it.
    const stats = await ctx.http.get<{ donated: number }>('/api/stats');
    expect(stats.body.donated).toBe(5642);

    // A project that received money stays: it can be set up again, not removed.
    const removal = expectError(
      await ctx.http.delete(`/api/admin/community-projects/${project.body.id}`, {
        token: admin.token,
      }),
      409,
    );
    expect(removal.message).toMatch(/בהקמה/);
  });

  it('removes a project that never received money', async () => {
    const created = await create({ ...library, name: 'פרויקט לניסיון' });
    const removed = await ctx.http.delete<{ message: string }>(
      `/api/admin/community-projects/${created.body.id}`,
      { token: admin.token },
    );
    expect(removed.status).toBe(200);
    expectError(
      await ctx.http.get(`/api/admin/community-projects/${created.body.id}`, {
        token: admin.token,
      }),
      404,
    );
  });

  it("records a project's transfer the bank returned, and books the money back to the fund once", async () => {
    const project = await create({ ...library, name: 'מועדון קריאה בשכונה', target: 2_000 });
    const projectId = new Types.ObjectId(project.body.id);
    const runId = new Types.ObjectId();
    const allocationId = new Types.ObjectId();
    const occurredAt = new Date('2026-05-15T06:00:00Z');
    await ctx.db.collection('payout_runs').insertOne({
      _id: runId,
      period: '2026-04',
      periodEnd: new Date('2026-04-30T21:00:00Z'),
      startedAt: occurredAt,
      startedBy: 'schedule',
      policy: 'monthly',
      status: 'done',
      finishedAt: occurredAt,
    });
    const projectBank = {
      accountHolder: bank.accountHolder,
      bankCode: '12',
      branch: '571',
      accountMasked: '••••1116',
      sealed: { v: 1, iv: 'iv', tag: 'tag', data: 'data' },
    };
    await ctx.db.collection('community_allocations').insertOne({
      _id: allocationId,
      runId,
      projectId,
      period: '2026-04',
      periodEnd: new Date('2026-04-30T21:00:00Z'),
      amountAgorot: 12_345,
      status: 'paid',
      bank: projectBank,
      createdAt: occurredAt,
    });
    await ctx.db.collection('ledger').insertMany([
      ledgerRow({ kind: 'donation', amountAgorot: 20_000, occurredAt }),
      ledgerRow({
        orderId: allocationId,
        kind: 'allocation',
        amountAgorot: -12_345,
        occurredAt,
        projectId,
      }),
    ]);
    const before = await fund();
    const projectBefore = before.projects.find((p) => p.id === project.body.id);
    expect(projectBefore?.received).toBe(123.45);

    const detail = await ctx.http.get<PayoutRunDetail>(
      `/api/admin/payout-runs/${runId.toHexString()}`,
      { token: admin.token },
    );
    expect(detail.status).toBe(200);
    expect(detail.body.allocations).toEqual([
      {
        id: allocationId.toHexString(),
        projectId: project.body.id,
        projectName: 'מועדון קריאה בשכונה',
        status: 'paid',
        amount: 123.45,
        bank: { bankCode: '12', branch: '571', accountMasked: '••••1116' },
        returnedAt: null,
      },
    ]);
    expect(detail.body.allocationTotals).toEqual({
      count: 1,
      total: 123.45,
      returnedCount: 0,
      returned: 0,
    });

    const path = `/api/admin/community-allocations/${allocationId.toHexString()}/returned`;
    expectError(await ctx.http.post(path, undefined, { token: author.token }), 403);
    // A transfer not yet sent to the bank cannot come back from it.
    await ctx.db
      .collection('community_allocations')
      .updateOne({ _id: allocationId }, { $set: { status: 'planned' } });
    expect(
      expectError(await ctx.http.post(path, undefined, { token: admin.token }), 409).message,
    ).toMatch(/[\u0590-\u05FF]/);
    expect(await ctx.db.collection('ledger').countDocuments({ orderId: allocationId })).toBe(1);
    await ctx.db
      .collection('community_allocations')
      .updateOne({ _id: allocationId }, { $set: { status: 'paid' } });
    const returned = await ctx.http.post<{ message: string }>(path, undefined, {
      token: admin.token,
    });
    expect(returned.status).toBe(200);
    expect(returned.body.message).toMatch(/[\u0590-\u05FF]/);
    // A second click, or a replayed request, books nothing again.
    const again = expectError(await ctx.http.post(path, undefined, { token: admin.token }), 409);
    expect(again.message).toMatch(/כבר/);
    const entries = await ctx.db
      .collection('ledger')
      .find({ orderId: allocationId, kind: 'allocation' })
      .sort({ lineIndex: 1 })
      .toArray();
    expect(entries.map((e) => [e.lineIndex, e.amountAgorot])).toEqual([
      [0, -12_345],
      [1, 12_345],
    ]);
    const stored = await ctx.db.collection('community_allocations').findOne({ _id: allocationId });
    expect(stored).toMatchObject({ status: 'returned', returnedBy: admin.id });
    expect(stored?.returnedAt).toBeInstanceOf(Date);

    const after = await fund();
    expect(after.allocated).toBeCloseTo(before.allocated - 123.45, 2);
    expect(after.balance).toBeCloseTo(before.balance + 123.45, 2);
    expect(after.projects.find((p) => p.id === project.body.id)?.received).toBe(0);
    const detailAfter = await ctx.http.get<PayoutRunDetail>(
      `/api/admin/payout-runs/${runId.toHexString()}`,
      { token: admin.token },
    );
    expect(detailAfter.body.allocations[0]).toMatchObject({ status: 'returned' });
    expect(detailAfter.body.allocationTotals).toMatchObject({ returnedCount: 1, returned: 123.45 });
    expectError(
      await ctx.http.post(
        `/api/admin/community-allocations/${new Types.ObjectId().toHexString()}/returned`,
        undefined,
        { token: admin.token },
      ),
      404,
    );
  });
});
