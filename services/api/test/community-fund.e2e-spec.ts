import {
  COMMUNITY_FUND_HE,
  PAYOUT_VALIDATION_HE,
  type CommunityFund,
  type CommunityProjectAdmin,
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
});
