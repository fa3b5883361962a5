import {
  PAYOUT_VALIDATION_HE,
  type PayoutDetailsAnswer,
  type PayoutDetailsSaved,
  type PayoutHoldEntry,
} from '@mechabrim/contracts';
import { Types } from 'mongoose';
import { expectError } from './http';
import { startPortalApi, type Account, type PortalApi } from './portal-fixture';

const M = PAYOUT_VALIDATION_HE;

const hapoalim = {
  accountHolder: 'נועה כהן',
  bankCode: '12',
  branch: '571',
  account: '41116',
  taxId: '123456782',
  taxStatus: 'private',
};
const discount = { ...hapoalim, bankCode: '11', branch: '1', account: '000032018' };

describe('payout details and holds', () => {
  let ctx: PortalApi;
  let noa: Account;
  let dan: Account;
  let reader: Account;
  let admin: Account;

  const details = (token: string) =>
    ctx.http.get<PayoutDetailsAnswer>('/api/authors/me/payout-details', { token });
  const save = (token: string, body: unknown) =>
    ctx.http.put<PayoutDetailsSaved>('/api/authors/me/payout-details', body, { token });
  const rawDocument = (userId: string) =>
    ctx.db.collection('payout_details').findOne({ user: new Types.ObjectId(userId) });
  const mailsTo = (email: string) =>
    ctx.db
      .collection('outbox')
      .find({ type: 'mail', 'payload.template': 'payout-details-changed', 'payload.to': email })
      .toArray();

  beforeAll(async () => {
    ctx = await startPortalApi();
    noa = await ctx.author('noa.payouts@example.com', 'נועה כהן');
    dan = await ctx.author('dan.payouts@example.com', 'דן לוי');
    reader = await ctx.reader('reader.payouts@example.com');
    admin = await ctx.admin('admin.payouts@example.com');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers null before the author enters details, and only to authors', async () => {
    expect((await details(noa.token)).body).toEqual({ details: null });
    expectError(await details(reader.token), 403);
    expectError(await ctx.http.get('/api/authors/me/payout-details'), 401);
    expectError(await save(reader.token, hapoalim), 403);
  });

  it('saves the first details masked, stores no plaintext, mails the author and holds nothing', async () => {
    const saved = await save(noa.token, { ...hapoalim, account: '41-116' });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toMatch(/[\u0590-\u05FF]/);
    expect(saved.body.details).toMatchObject({
      accountHolder: 'נועה כהן',
      bankCode: '12',
      bankName: 'בנק הפועלים',
      branch: '571',
      accountMasked: '••••1116',
      taxIdMasked: '••••782',
      taxStatus: 'private',
      withholdingPercent: 30,
      hold: null,
    });
    expect(JSON.stringify(saved.body)).not.toContain('41116');
    expect(JSON.stringify(saved.body)).not.toContain('123456782');
    expect((await details(noa.token)).body.details).toEqual(saved.body.details);

    // The raw document holds the sealed details only: no account, ID or holder in the clear.
    const raw = await rawDocument(noa.id);
    expect(raw).not.toBeNull();
    const text = JSON.stringify(raw);
    for (const secret of ['41116', '123456782', 'נועה', 'private']) {
      expect(text).not.toContain(secret);
    }
    expect(raw?.sealed).toEqual({
      v: 1,
      iv: expect.any(String),
      tag: expect.any(String),
      data: expect.any(String),
    });
    expect(raw?.payoutHold ?? null).toBeNull();

    const mails = await mailsTo('noa.payouts@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.payload).toMatchObject({ firstTime: true, accountMasked: '••••1116' });
    expect(JSON.stringify(mails[0])).not.toContain('41116');
  });

  it('a change holds the next payout and mails the author; the same details again change nothing', async () => {
    const changed = await save(noa.token, { ...discount, taxStatus: 'licensed-dealer' });
    expect(changed.status).toBe(200);
    expect(changed.body.details).toMatchObject({
      bankName: 'בנק דיסקונט',
      accountMasked: '••••2018',
      taxStatus: 'licensed-dealer',
      withholdingPercent: null,
      hold: { reason: 'details-changed', since: expect.any(String) },
    });
    const raw = await rawDocument(noa.id);
    expect(raw?.payoutHold).toEqual({ reason: 'details-changed', since: expect.any(Date) });
    const mails = await mailsTo('noa.payouts@example.com');
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => (mail.payload as { firstTime: boolean }).firstTime)).toEqual(
      expect.arrayContaining([true, false]),
    );

    const again = await save(noa.token, { ...discount, taxStatus: 'licensed-dealer' });
    expect(again.status).toBe(200);
    expect(await mailsTo('noa.payouts@example.com')).toHaveLength(2);
  });

  it('refuses bad fields with a Hebrew message at each field, saving nothing', async () => {
    const before = (await details(noa.token)).body;
    const bad = await save(noa.token, {
      accountHolder: 'א',
      bankCode: '99',
      branch: '12345',
      account: '',
      taxId: '123456789',
      taxStatus: 'freelancer',
    });
    const body = expectError(bad, 400) as { details?: { field: string; message: string }[] };
    expect(Object.fromEntries((body.details ?? []).map((d) => [d.field, d.message]))).toEqual({
      accountHolder: M.holderTooShort,
      bankCode: M.bankUnknown,
      branch: M.branchInvalid,
      account: M.accountRequired,
      taxId: M.taxIdInvalid,
      taxStatus: M.taxStatusRequired,
    });
    const wrongDigit = expectError(
      await save(noa.token, { ...hapoalim, account: '41117' }),
      400,
    ) as {
      details?: { field: string; message: string }[];
    };
    expect(wrongDigit.details).toEqual([{ field: 'account', message: M.accountInvalid }]);
    expectError(await save(noa.token, { ...hapoalim, extra: 'x' }), 400);
    expectError(await save(noa.token, { ...hapoalim, account: { $ne: null } }), 400);
    expect((await details(noa.token)).body).toEqual(before);
  });

  it('lists holds to admins only, and an admin releases one', async () => {
    await save(dan.token, hapoalim);
    await save(dan.token, { ...hapoalim, accountHolder: 'דן לוי' });
    expectError(await ctx.http.get('/api/admin/payout-holds', { token: noa.token }), 403);
    expectError(
      await ctx.http.post(`/api/admin/payout-holds/${noa.id}/release`, undefined, {
        token: noa.token,
      }),
      403,
    );

    const holds = await ctx.http.get<PayoutHoldEntry[]>('/api/admin/payout-holds', {
      token: admin.token,
    });
    expect(holds.status).toBe(200);
    expect(holds.body.map((hold) => hold.authorId)).toEqual([noa.id, dan.id]);
    expect(holds.body[0]).toEqual({
      authorId: noa.id,
      authorName: 'נועה כהן',
      email: 'noa.payouts@example.com',
      reason: 'details-changed',
      since: expect.any(String),
    });

    const released = await ctx.http.post<{ message: string }>(
      `/api/admin/payout-holds/${noa.id}/release`,
      undefined,
      { token: admin.token },
    );
    expect(released.status).toBe(200);
    expect(released.body.message).toMatch(/[\u0590-\u05FF]/);
    expect((await details(noa.token)).body.details?.hold).toBeNull();
    expect((await rawDocument(noa.id))?.releasedBy).toEqual(new Types.ObjectId(admin.id));
    const after = await ctx.http.get<PayoutHoldEntry[]>('/api/admin/payout-holds', {
      token: admin.token,
    });
    expect(after.body.map((hold) => hold.authorId)).toEqual([dan.id]);

    // Released already, an author without details, a malformed id: Hebrew 404s and 400s.
    expectError(
      await ctx.http.post(`/api/admin/payout-holds/${noa.id}/release`, undefined, {
        token: admin.token,
      }),
      404,
    );
    expectError(
      await ctx.http.post(`/api/admin/payout-holds/${reader.id}/release`, undefined, {
        token: admin.token,
      }),
      404,
    );
    expectError(
      await ctx.http.post('/api/admin/payout-holds/not-an-id/release', undefined, {
        token: admin.token,
      }),
      400,
    );
  });
});
