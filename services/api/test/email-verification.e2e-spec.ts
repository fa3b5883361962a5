import { Queue } from 'bullmq';
import { MongoClient } from 'mongodb';
import { ORDER_QUEUE_NAMES, type MailJob, type MailJobOf } from '@mechabrim/contracts';
import { startTestMongo, startTestRedis } from '@mechabrim/testing';
import { messagesHe } from '../src/common/messages.he';
import { VERIFY_MAILS_PER_ACCOUNT } from '../src/auth/email-verification.service';
import { createTestApi, type TestApi } from './test-api';
import { client, expectError, freshIp, type Client } from './http';

const m = messagesHe.auth;

/** Verifying a new account's address (issue 24), against the real API, MongoDB and Redis. */
describe('e-mail verification API', () => {
  let mongo: Awaited<ReturnType<typeof startTestMongo>>;
  let redis: Awaited<ReturnType<typeof startTestRedis>>;
  let api: TestApi;
  let http: Client;
  let db: MongoClient;
  let mail: Queue<MailJob>;

  beforeAll(async () => {
    mongo = await startTestMongo();
    redis = await startTestRedis();
    api = await createTestApi({ mongoUri: mongo.uri, redisUrl: redis.url });
    http = client(api.baseUrl);
    db = await MongoClient.connect(mongo.uri);
    mail = new Queue<MailJob>(ORDER_QUEUE_NAMES.mail, { connection: { url: redis.url } });
  });

  afterAll(async () => {
    await mail?.close();
    await db?.close();
    await api?.close();
    await redis?.stop();
    await mongo?.stop();
  });

  const password = 'Sefer#2024';
  const tokens = () => db.db().collection('account_tokens');

  interface Registered {
    token: string;
    user: { emailVerified?: boolean };
  }

  async function register(email: string): Promise<Registered> {
    const res = await http.post<Registered>(
      '/api/auth/register',
      {
        name: 'נועה כהן',
        email,
        password,
        confirmPassword: password,
        role: 'user',
        agreeToTerms: true,
      },
      { ip: freshIp() },
    );
    expect(res.status).toBe(201);
    return res.body;
  }

  async function verifyMails(to: string): Promise<MailJobOf<'email-verify'>[]> {
    const jobs = await mail.getJobs(['waiting', 'delayed', 'active', 'completed']);
    return jobs
      .filter((job) => job.data.template === 'email-verify' && job.data.to === to)
      .sort((a, b) => a.timestamp - b.timestamp)
      .map((job) => job.data as MailJobOf<'email-verify'>);
  }

  const verify = (token: unknown) =>
    http.post<{ message: string }>('/api/auth/email/verify', { token }, { ip: freshIp() });
  const profile = (token: string) =>
    http.get<{ emailVerified?: boolean }>('/api/auth/profile', { token });
  const resend = (token: string, ip = freshIp()) =>
    http.post<{ message: string }>('/api/auth/email/verify/resend', undefined, { token, ip });

  it('mails a link at registration that verifies the address once', async () => {
    const email = 'noa@example.com';
    const registered = await register(email);
    expect(registered.user.emailVerified).toBe(false);
    expect((await profile(registered.token)).body.emailVerified).toBe(false);

    const [sent] = await verifyMails(email);
    expect(sent?.token).toMatch(/^[\w-]{43}$/);
    const stored = await tokens().find({ purpose: 'email-verify' }).toArray();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(sent?.token);

    const done = await verify(sent?.token);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(m.emailVerified);
    expect((await profile(registered.token)).body.emailVerified).toBe(true);

    // The link is spent: a second use is refused, and 'send again' has nothing to do.
    expect(expectError(await verify(sent?.token), 400).message).toBe(m.verifyLinkExpired);
    expect(expectError(await resend(registered.token), 409).message).toBe(m.alreadyVerified);
  });

  it('refuses an expired link, a made-up one and an earlier one after "send again"', async () => {
    const email = 'expired@example.com';
    const registered = await register(email);
    const [first] = await verifyMails(email);
    await tokens().updateMany(
      { purpose: 'email-verify', newEmail: email },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    expect(expectError(await verify(first?.token), 400).message).toBe(m.verifyLinkExpired);
    expectError(await verify('A'.repeat(43)), 400);
    expectError(await verify('not a token'), 400);
    expectError(await verify({ $ne: null }), 400);

    const again = await resend(registered.token);
    expect(again.status).toBe(202);
    expect(again.body.message).toBe(m.verifyLinkSent(email));
    const [, second] = await verifyMails(email);
    expect(second?.token).not.toBe(first?.token);
    expect((await verify(second?.token)).status).toBe(200);
    expect((await profile(registered.token)).body.emailVerified).toBe(true);
  });

  it('verifies nothing once the address changed since the link was mailed', async () => {
    const email = 'moved@example.com';
    const registered = await register(email);
    const [sent] = await verifyMails(email);
    await db
      .db()
      .collection('users')
      .updateOne({ email }, { $set: { email: 'elsewhere@example.com' } });
    expect(expectError(await verify(sent?.token), 400).message).toBe(m.verifyLinkExpired);
    expect((await profile(registered.token)).body.emailVerified).toBe(false);
  });

  it("limits 'send again' per account whatever the IP, in Hebrew", async () => {
    const registered = await register('limit@example.com');
    for (let i = 0; i < VERIFY_MAILS_PER_ACCOUNT.limit; i += 1)
      expect((await resend(registered.token)).status).toBe(202);
    const refused = await resend(registered.token);
    expect(expectError(refused, 429).message).toBe(m.tooManyVerifyMails);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("limits 'send again' per IP across accounts", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const registered = await register(`ip${i}@example.com`);
      statuses.push((await resend(registered.token, ip)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses[5]).toBe(429);
  });

  it('counts accounts from before verification (and the demo data) as verified', async () => {
    const email = 'old@example.com';
    const registered = await register(email);
    await db
      .db()
      .collection('users')
      .updateOne({ email }, { $unset: { emailVerified: 1 } });
    expect((await profile(registered.token)).body.emailVerified).toBe(true);
    expect(expectError(await resend(registered.token), 409).message).toBe(m.alreadyVerified);
  });

  it('needs a sign-in to send again', async () => {
    expectError(
      await http.post('/api/auth/email/verify/resend', undefined, { ip: freshIp() }),
      401,
    );
  });
});
