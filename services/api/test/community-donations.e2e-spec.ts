import { createHmac } from 'node:crypto';
import type { Model } from 'mongoose';
import {
  COMMUNITY_FUND_HE,
  SIMULATOR_SIGNATURE_HEADER,
  type CommunityDonationCreated,
  type CommunityDonationStatus,
  type CommunityFund,
} from '@mechabrim/contracts';
import {
  COMMUNITY_DONATION_MODEL,
  CommunityDonationSchema,
  LEDGER_ENTRY_MODEL,
} from '@mechabrim/db';
import {
  payInFrame,
  registerBuyer,
  SHOP_URL,
  SIMULATOR_SECRET,
  startCheckoutApi,
  type CheckoutApi,
} from './checkout-fixture';
import { expectError, freshIp } from './http';

const APPROVED = '4580 4580 4580 4580';
const DECLINED = '4000000000000002';

interface StoredDonation {
  state: string;
  amountAgorot: number;
  email: string;
  donorName: string | null;
  userId: unknown;
  notifyLog: { outcome: string; transactionId: string; refund: { state: string } | null }[];
}

describe("the community fund's 'donate now': a direct donation through the hosted payment page", () => {
  let ctx: CheckoutApi;
  let donations: Model<Record<string, unknown>>;
  let ledger: Model<Record<string, unknown>>;

  const donate = (body: unknown, options: { token?: string; key?: string } = {}) =>
    ctx.http.post<CommunityDonationCreated>('/api/community/donations', body, {
      ip: freshIp(),
      token: options.token,
      headers: options.key ? { 'idempotency-key': options.key } : {},
    });
  const donation = async (ref: string) =>
    (await donations.findOne({ paymentRef: ref }).lean()) as StoredDonation | null;
  const status = async (ref: string) =>
    (await ctx.http.get<CommunityDonationStatus>(`/api/community/donations/${ref}`)).body;
  const fund = async () => (await ctx.http.get<CommunityFund>('/api/community/fund')).body;
  const donationEntries = (ref: string) =>
    donations
      .findOne({ paymentRef: ref })
      .lean()
      .then((d) => ledger.find({ kind: 'donation', orderId: (d as { _id: unknown })._id }).lean());

  beforeAll(async () => {
    ctx = await startCheckoutApi();
    donations =
      (ctx.db.models[COMMUNITY_DONATION_MODEL] as Model<Record<string, unknown>> | undefined) ??
      (ctx.db.model(COMMUNITY_DONATION_MODEL, CommunityDonationSchema) as unknown as Model<
        Record<string, unknown>
      >);
    ledger = ctx.db.models[LEDGER_ENTRY_MODEL] as Model<Record<string, unknown>>;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('opens an amount-locked hosted page for a guest, returning to the community page', async () => {
    const created = await donate({ amount: 180, email: 'Dana@Example.com', name: 'דנה' });
    expect(created.status).toBe(201);
    const { donation_ref: ref, form_data: form } = created.body;
    expect(created.body.amount).toBe(180);
    expect(ref).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(form).toMatchObject({ sum: '180.00', payment_ref: ref, email: 'dana@example.com' });
    expect(form.success_url_address).toBe(
      `${SHOP_URL}/community-donation?donation=${ref}&result=success`,
    );
    expect(form.fail_url_address).toBe(
      `${SHOP_URL}/community-donation?donation=${ref}&result=failed`,
    );
    expect(await donation(ref)).toMatchObject({
      state: 'pending',
      amountAgorot: 18_000,
      email: 'dana@example.com',
      donorName: 'דנה',
      userId: null,
    });
    expect(await status(ref)).toEqual({
      status: 'pending',
      amount: 180,
      paidAt: null,
      error: null,
    });
  });

  it('is paid once by the confirmed notify; a replayed notify records nothing twice', async () => {
    const before = await fund();
    const created = await donate({ amount: 250.5, email: 'giver@example.com' });
    const ref = created.body.donation_ref;
    const redirect = await payInFrame(created.body.payment_url, created.body.form_data, {
      ccno: APPROVED,
    });
    expect(redirect.pathname).toBe('/community-donation');
    expect(redirect.searchParams.get('result')).toBe('success');
    expect(await donation(ref)).toMatchObject({ state: 'paid' });
    expect(await status(ref)).toMatchObject({ status: 'paid', amount: 250.5 });
    const entries = await donationEntries(ref);
    expect(entries).toEqual([
      expect.objectContaining({ party: 'community', kind: 'donation', amountAgorot: 25_050 }),
    ]);

    const first = ctx.simulator.notifies.find((n) => n.body.includes(ref));
    if (!first) throw new Error('the simulator sent no notify');
    const replay = await fetch(`${ctx.api.baseUrl}/api/payments/notify/simulator`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIMULATOR_SIGNATURE_HEADER]: createHmac('sha256', SIMULATOR_SECRET)
          .update(first.body)
          .digest('hex'),
      },
      body: first.body,
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: 'replay' });
    expect(await donationEntries(ref)).toHaveLength(1);
    expect((await donation(ref))?.notifyLog).toHaveLength(1);

    // One thank-you mail, and the fund's figures include the donation.
    expect(
      await ctx.outbox.countDocuments({ type: 'mail', 'payload.template': 'donation-thanks' }),
    ).toBe(1);
    const after = await fund();
    expect(after.total).toBeCloseTo(before.total + 250.5, 2);
    expect(after.balance).toBeCloseTo(before.balance + 250.5, 2);
    expect(after.months[0]?.donations).toBeGreaterThanOrEqual(250.5);
  });

  it('a double click with one idempotency key is one donation and one page', async () => {
    const body = { amount: 100, email: 'twice@example.com' };
    const [a, b] = await Promise.all([
      donate(body, { key: 'donate-key-0001' }),
      donate(body, { key: 'donate-key-0001' }),
    ]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.donation_ref).toBe(b.body.donation_ref);
    expect(await donations.countDocuments({ email: 'twice@example.com' })).toBe(1);
    expectError(
      await donate({ amount: 120, email: 'twice@example.com' }, { key: 'donate-key-0001' }),
      409,
    );
    await payInFrame(a.body.payment_url, a.body.form_data, { ccno: APPROVED });
    expectError(await donate(body, { key: 'donate-key-0001' }), 409);
    expect(await donationEntries(a.body.donation_ref)).toHaveLength(1);
  });

  it('refuses a payment of another sum: recorded as foreign, to refund, and the donation stays unpaid', async () => {
    const rightful = await donate({ amount: 500, email: 'rightful@example.com' });
    const cheaper = await donate({ amount: 20, email: 'stranger@example.com' });
    // A valid lock for 20 ₪ aimed at the 500 ₪ donation's reference.
    await payInFrame(
      cheaper.body.payment_url,
      { ...cheaper.body.form_data, payment_ref: rightful.body.donation_ref },
      { ccno: APPROVED },
    );
    const stored = await donation(rightful.body.donation_ref);
    expect(stored?.state).toBe('pending');
    expect(stored?.notifyLog).toEqual([
      expect.objectContaining({ outcome: 'foreign', refund: { state: 'needed' } }),
    ]);
    expect(await donationEntries(rightful.body.donation_ref)).toEqual([]);
    // The donor's own payment still pays it.
    await payInFrame(rightful.body.payment_url, rightful.body.form_data, { ccno: APPROVED });
    expect(await status(rightful.body.donation_ref)).toMatchObject({ status: 'paid' });
    expect(await donationEntries(rightful.body.donation_ref)).toHaveLength(1);
  });

  it('a declined card leaves the donation failed and books nothing; the same page may then pay', async () => {
    const created = await donate({ amount: 36, email: 'declined@example.com' });
    const redirect = await payInFrame(created.body.payment_url, created.body.form_data, {
      ccno: DECLINED,
    });
    expect(redirect.searchParams.get('result')).toBe('failed');
    expect(await status(created.body.donation_ref)).toMatchObject({ status: 'failed' });
    expect(await donationEntries(created.body.donation_ref)).toEqual([]);
    await payInFrame(created.body.payment_url, created.body.form_data, { ccno: APPROVED });
    expect(await status(created.body.donation_ref)).toMatchObject({ status: 'paid', error: null });
  });

  it('records a signed-in donor', async () => {
    const token = await registerBuyer(ctx.http, 'member.donor@example.com');
    const created = await donate({ amount: 54, email: 'member.donor@example.com' }, { token });
    expect(created.status).toBe(201);
    expect((await donation(created.body.donation_ref))?.userId).not.toBeNull();
  });

  it.each([
    [{}, COMMUNITY_FUND_HE.donationRequired],
    [{ amount: '100', email: 'a@b.co' }, COMMUNITY_FUND_HE.donationRequired],
    [{ amount: 5, email: 'a@b.co' }, COMMUNITY_FUND_HE.donationTooLow],
    [{ amount: 50_001, email: 'a@b.co' }, COMMUNITY_FUND_HE.donationTooHigh],
    [{ amount: 10.555, email: 'a@b.co' }, COMMUNITY_FUND_HE.donationInvalid],
    [{ amount: Number.NaN, email: 'a@b.co' }, COMMUNITY_FUND_HE.donationRequired],
    [{ amount: 100, email: 'not-an-address' }, null],
    [{ amount: 100 }, null],
    [{ amount: 100, email: 'a@b.co', sum: 1 }, null],
  ])('refuses a bad request %j with a Hebrew 400', async (body, message) => {
    const before = await donations.countDocuments();
    const answer = expectError(await donate(body), 400);
    if (message) expect(answer.message).toContain(message);
    expect(await donations.countDocuments()).toBe(before);
  });

  it("answers 404 for a reference that names no donation, and 400 for one that can't", async () => {
    expectError(await ctx.http.get('/api/community/donations/AAAAAAAAAAAAAAAAAAAAAA'), 404);
    expectError(await ctx.http.get('/api/community/donations/%24ne'), 400);
  });
});
