import { Queue } from 'bullmq';
import { MongoClient, ObjectId } from 'mongodb';
import { ORDER_QUEUE_NAMES, type MailJob, type MailJobOf } from '@mechabrim/contracts';
import { startTestMongo, startTestRedis } from '@mechabrim/testing';
import { messagesHe } from '../src/common/messages.he';
import { createTestApi, type TestApi } from './test-api';
import { client, expectError, freshIp, INJECTIONS, type Client } from './http';

const m = messagesHe.auth;

/**
 * Forgotten and changed passwords, and deleting one's account, against the real API, MongoDB and
 * Redis (issue 24).
 */
describe('account API', () => {
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

  async function register(email: string): Promise<string> {
    const res = await http.post<{ token: string }>(
      '/api/auth/register',
      {
        name: 'דנה לוי',
        email,
        password,
        confirmPassword: password,
        role: 'user',
        agreeToTerms: true,
      },
      { ip: freshIp() },
    );
    expect(res.status).toBe(201);
    return res.body.token;
  }

  const login = (email: string, pass: string) =>
    http.post<{ token: string }>('/api/auth/login', { email, password: pass }, { ip: freshIp() });

  /** The mail jobs of one template queued to the address, oldest first. */
  async function mailsTo<T extends MailJob['template']>(
    to: string,
    template: T,
  ): Promise<MailJobOf<T>[]> {
    const jobs = await mail.getJobs(['waiting', 'delayed', 'active', 'completed']);
    return jobs
      .filter((job) => job.data.template === template && job.data.to === to)
      .sort((a, b) => a.timestamp - b.timestamp)
      .map((job) => job.data as MailJobOf<T>);
  }

  const forgot = (email: unknown, ip = freshIp()) =>
    http.post<{ message: string }>('/api/auth/password/forgot', { email }, { ip });
  const reset = (token: unknown, newPassword: unknown) =>
    http.post<{ message: string }>(
      '/api/auth/password/reset',
      { token, password: newPassword },
      { ip: freshIp() },
    );

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    await register('dana@example.com');
    const known = await forgot('Dana@Example.com');
    const unknown = await forgot('nobody@example.com');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(m.resetLinkSent);

    const [sent] = await mailsTo('dana@example.com', 'password-reset');
    expect(sent?.token).toMatch(/^[\w-]{43}$/);
    expect(await mailsTo('nobody@example.com', 'password-reset')).toEqual([]);

    // Only the hash is stored.
    const stored = await tokens().find({ purpose: 'password-reset' }).toArray();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(sent?.token);
    expect(stored[0]?.tokenHash).toMatch(/^[a-f\d]{64}$/);
  });

  it('sets a new password once, ends every session, and tells the owner', async () => {
    const email = 'yael@example.com';
    const sessionToken = await register(email);
    expect((await http.get('/api/auth/profile', { token: sessionToken })).status).toBe(200);
    await forgot(email);
    const [sent] = await mailsTo(email, 'password-reset');
    const newPassword = 'Chadash#77';

    const done = await reset(sent?.token, newPassword);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(m.passwordReset);
    expectError(await http.get('/api/auth/profile', { token: sessionToken }), 401);
    expect((await login(email, newPassword)).status).toBe(200);
    expectError(await login(email, password), 401);
    const [told] = await mailsTo(email, 'password-changed');
    expect(told).toMatchObject({ how: 'reset', to: email });

    // The link is spent.
    expect(expectError(await reset(sent?.token, 'Shlishi#88'), 400).message).toBe(
      m.resetLinkExpired,
    );
    expect((await login(email, newPassword)).status).toBe(200);
  });

  it('refuses an expired link, an unknown one, a malformed one and a weak password', async () => {
    const email = 'omer@example.com';
    await register(email);
    await forgot(email);
    const [sent] = await mailsTo(email, 'password-reset');

    expectError(await reset(sent?.token, 'weak'), 400);
    expectError(await reset('x'.repeat(43), 'Chadash#77'), 400);
    expectError(await reset('not a token', 'Chadash#77'), 400);
    for (const injection of INJECTIONS) expectError(await reset(injection, 'Chadash#77'), 400);

    await tokens().updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect(expectError(await reset(sent?.token, 'Chadash#77'), 400).message).toBe(
      m.resetLinkExpired,
    );
    expect((await login(email, password)).status).toBe(200);
  });

  it('limits reset mails per address, known or not, with a Hebrew 429', async () => {
    for (let i = 0; i < 3; i += 1) expect((await forgot('limit@example.com')).status).toBe(202);
    const refused = await forgot('limit@example.com');
    expect(expectError(refused, 429).message).toBe(m.tooManyResetMails);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits reset requests per IP', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await forgot(`ip${i}@example.com`, ip));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    expectError(answers[5]!, 429);
  });

  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const email = 'noam@example.com';
    const here = await register(email);
    const elsewhere = (await login(email, password)).body.token;
    const change = (body: unknown, token = here) =>
      http.put<{ message: string }>('/api/auth/password', body, { token, ip: freshIp() });

    expectError(await change({ currentPassword: password, newPassword: 'Chadash#77' }, ''), 401);
    const wrong = expectError(
      await change({ currentPassword: 'Wrong#1234', newPassword: 'Chadash#77' }),
      400,
    );
    expect(wrong.message).toBe(m.currentPasswordWrong);
    expectError(await change({ currentPassword: password, newPassword: password }), 400);
    expectError(await change({ currentPassword: password, newPassword: 'short' }), 400);
    expect((await http.get('/api/auth/profile', { token: elsewhere })).status).toBe(200);

    const done = await change({ currentPassword: password, newPassword: 'Chadash#77' });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(m.passwordChanged);
    expect((await http.get('/api/auth/profile', { token: here })).status).toBe(200);
    expectError(await http.get('/api/auth/profile', { token: elsewhere }), 401);
    expect((await login(email, 'Chadash#77')).status).toBe(200);
    const [told] = await mailsTo(email, 'password-changed');
    expect(told).toMatchObject({ how: 'changed' });
  });

  describe('changing the e-mail address', () => {
    const ask = (token: string, email: string, currentPassword?: string) =>
      http.put<{ pendingEmail?: string; user: { email: string } }>(
        '/api/auth/profile',
        { name: 'דנה לוי', email, ...(currentPassword ? { currentPassword } : {}) },
        { token, ip: freshIp() },
      );
    const confirm = (token: unknown) =>
      http.post<{ message: string }>('/api/auth/email/confirm', { token }, { ip: freshIp() });

    it('moves the account only when the new address follows its link, once, ending every session', async () => {
      const here = await register('mover@example.com');
      const elsewhere = (await login('mover@example.com', password)).body.token;
      const asked = await ask(here, 'moved@example.com', password);
      expect(asked.status).toBe(200);
      expect(asked.body.pendingEmail).toBe('moved@example.com');

      const [link] = await mailsTo('moved@example.com', 'email-change-confirm');
      const [notice] = await mailsTo('mover@example.com', 'email-change-requested');
      expect(link?.token).toMatch(/^[\w-]{43}$/);
      expect(notice).toMatchObject({ newEmail: 'moved@example.com' });
      // Nothing moved yet: the old address still signs in, both sessions still work.
      expect((await login('mover@example.com', password)).status).toBe(200);
      expect((await http.get('/api/auth/profile', { token: elsewhere })).status).toBe(200);

      const done = await confirm(link?.token);
      expect(done.status).toBe(200);
      expect(done.body.message).toBe(m.emailChanged);
      expectError(await http.get('/api/auth/profile', { token: here }), 401);
      expectError(await http.get('/api/auth/profile', { token: elsewhere }), 401);
      expectError(await login('mover@example.com', password), 401);
      expect((await login('moved@example.com', password)).status).toBe(200);
      expect(expectError(await confirm(link?.token), 400).message).toBe(m.emailLinkExpired);
    });

    it('the owner taking the account back voids a pending change someone else asked for', async () => {
      // Someone with the password asks to move the account; the owner resets, changes the
      // password or signs out everywhere before the link is followed.
      const owner = await register('taken.back@example.com');
      await ask(owner, 'thief.reset@example.com', password);
      await forgot('taken.back@example.com');
      const [resetLink] = await mailsTo('taken.back@example.com', 'password-reset');
      expect((await reset(resetLink?.token, 'Chadash#77')).status).toBe(200);
      const [stolen] = await mailsTo('thief.reset@example.com', 'email-change-confirm');
      expect(expectError(await confirm(stolen?.token), 400).message).toBe(m.emailLinkExpired);

      const again = (await login('taken.back@example.com', 'Chadash#77')).body.token;
      await ask(again, 'thief.change@example.com', 'Chadash#77');
      const changed = await http.put(
        '/api/auth/password',
        { currentPassword: 'Chadash#77', newPassword: 'Shuv#2025x' },
        { token: again, ip: freshIp() },
      );
      expect(changed.status).toBe(200);
      const [second] = await mailsTo('thief.change@example.com', 'email-change-confirm');
      expectError(await confirm(second?.token), 400);

      await ask(again, 'thief.everywhere@example.com', 'Shuv#2025x');
      expect(
        (await http.post('/api/auth/logout-all', {}, { token: again, ip: freshIp() })).status,
      ).toBeLessThan(300);
      const [third] = await mailsTo('thief.everywhere@example.com', 'email-change-confirm');
      expectError(await confirm(third?.token), 400);
      expect((await login('taken.back@example.com', 'Shuv#2025x')).status).toBe(200);
    });

    it('a second request voids the first link; a taken address is refused when confirmed', async () => {
      const token = await register('twice@example.com');
      await ask(token, 'first@example.com', password);
      await ask(token, 'second@example.com', password);
      const [first] = await mailsTo('first@example.com', 'email-change-confirm');
      const [second] = await mailsTo('second@example.com', 'email-change-confirm');
      expectError(await confirm(first?.token), 400);
      // Someone registers the address before the link is followed.
      await register('second@example.com');
      expectError(await confirm(second?.token), 409);
      expect((await login('twice@example.com', password)).status).toBe(200);
      expectError(await confirm('not a token'), 400);
      for (const injection of INJECTIONS) expectError(await confirm(injection), 400);
    });
  });

  describe('deleting the account', () => {
    const remove = (token: string, body: unknown) =>
      fetch(`${api.baseUrl}/api/auth/account`, {
        method: 'DELETE',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-forwarded-for': freshIp(),
        },
        body: JSON.stringify(body),
      }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as { message: string },
        headers: res.headers,
      }));
    const idOf = async (email: string) =>
      (await db.db().collection('users').findOne({ email }))?._id as ObjectId;
    const order = (userId: ObjectId, email: string, status: string) => ({
      user: { userId, name: 'רונית קוראת', email, firstName: 'רונית', lastName: 'קוראת' },
      shippingAddress: {
        fullName: 'רונית קוראת',
        street: 'הרצל 12',
        city: 'חיפה',
        zip: '3100000',
        country: 'ישראל',
        phone: '050-1234567',
        email: 'ronit.home@example.com',
      },
      books: [],
      status,
      createdAt: new Date(),
    });

    it('refuses a wrong password, an author, and a reader with an order on its way', async () => {
      const token = await register('ronit@example.com');
      expect(expectError(await remove(token, { password: 'Wrong#1234' }), 400).message).toBe(
        m.currentPasswordWrong,
      );
      expectError(await remove(token, {}), 400);
      const userId = await idOf('ronit@example.com');
      const { insertedId } = await db
        .db()
        .collection('orders')
        .insertOne(order(userId, 'ronit@example.com', 'processing'));
      expect(expectError(await remove(token, { password }), 409).message).toBe(m.deleteOpenOrders);
      await db.db().collection('orders').deleteOne({ _id: insertedId });

      const author = await http.post<{ token: string }>(
        '/api/auth/register',
        {
          name: 'שירה כותבת',
          email: 'shira@example.com',
          password,
          role: 'author',
          agreeToTerms: true,
          agreeToAuthorsTerms: true,
        },
        { ip: freshIp() },
      );
      expect(expectError(await remove(author.body.token, { password }), 409).message).toBe(
        m.deleteAuthor,
      );
      expect((await http.get('/api/auth/profile', { token })).status).toBe(200);
    });

    it('removes personal data, keeps orders with the name replaced, and ends every session', async () => {
      const email = 'ronit@example.com';
      const token = (await login(email, password)).body.token;
      const userId = await idOf(email);
      const other = await db
        .db()
        .collection('orders')
        .insertOne(order(userId, email, 'delivered'));
      // A checkout left open in another tab: closed, so no payment can ship it to nobody.
      const waiting = await db
        .db()
        .collection('orders')
        .insertOne({
          ...order(userId, email, 'pending_payment'),
          expiresAt: new Date(Date.now() + 30 * 60_000),
          statusHistory: [],
        });
      await db.db().collection('reviews').insertOne({
        book: new ObjectId(),
        user: userId,
        authorName: 'רונית קוראת',
        content: 'ספר מצוין',
        rating: 5,
        isApproved: true,
      });
      await db.db().collection('wishlists').insertOne({ user: userId, book: new ObjectId() });

      const done = await remove(token, { password });
      expect(done.status).toBe(200);
      expect(done.body.message).toBe(m.accountDeleted);

      expectError(await http.get('/api/auth/profile', { token }), 401);
      expectError(await login(email, password), 401);
      const user = await db.db().collection('users').findOne({ _id: userId });
      expect(user).toMatchObject({
        name: m.deletedName,
        email: `deleted-${userId.toHexString()}@deleted.invalid`,
        bio: '',
        avatar: '',
        deletedAt: expect.any(Date),
      });
      const kept = await db.db().collection('orders').findOne({ _id: other.insertedId });
      expect(kept?.status).toBe('delivered');
      const closed = await db.db().collection('orders').findOne({ _id: waiting.insertedId });
      expect(closed).toMatchObject({ status: 'expired', expiresAt: null });
      expect(JSON.stringify(kept)).not.toMatch(/רונית|050-1234567|ronit|הרצל/);
      const review = await db.db().collection('reviews').findOne({ user: userId });
      expect(review).toMatchObject({ authorName: m.deletedName, content: 'ספר מצוין' });
      expect(await db.db().collection('wishlists').countDocuments({ user: userId })).toBe(0);
      // The address is free again for a new account.
      expect(await register(email)).toEqual(expect.any(String));
    });
  });
});
