import { MongoClient, ObjectId } from 'mongodb';
import { createHash, randomBytes } from 'node:crypto';
import type { FollowState, FollowsAnswer } from '@mechabrim/contracts';
import { startTestMongo, startTestRedis } from '@mechabrim/testing';
import { messagesHe } from '../src/common/messages.he';
import { FOLLOW_CHANGES_PER_ACCOUNT } from '../src/follows/follows.service';
import { createTestApi, type TestApi } from './test-api';
import { client, expectError, freshIp, type Client } from './http';

const m = messagesHe.follows;

/** Following authors and the new-books mail's unsubscribe link (issue 24), against the real stack. */
describe('follows API', () => {
  let mongo: Awaited<ReturnType<typeof startTestMongo>>;
  let redis: Awaited<ReturnType<typeof startTestRedis>>;
  let api: TestApi;
  let http: Client;
  let db: MongoClient;

  beforeAll(async () => {
    mongo = await startTestMongo();
    redis = await startTestRedis();
    api = await createTestApi({ mongoUri: mongo.uri, redisUrl: redis.url });
    http = client(api.baseUrl);
    db = await MongoClient.connect(mongo.uri);
  });

  afterAll(async () => {
    await db?.close();
    await api?.close();
    await redis?.stop();
    await mongo?.stop();
  });

  const password = 'Sefer#2024';
  let counter = 0;

  async function register(
    role: 'user' | 'author',
    name = role === 'author' ? 'עמוס עוז' : 'שירה לוי',
  ): Promise<{ token: string; id: string; email: string }> {
    counter += 1;
    const email = `${role}${counter}@example.com`;
    const res = await http.post<{ token: string; user: { id: string } }>(
      '/api/auth/register',
      {
        name,
        email,
        password,
        confirmPassword: password,
        role,
        agreeToTerms: true,
        ...(role === 'author' ? { agreeToAuthorsTerms: true } : {}),
      },
      { ip: freshIp() },
    );
    expect(res.status).toBe(201);
    return { token: res.body.token, id: res.body.user.id, email };
  }

  const follow = (token: string, authorId: string, ip = freshIp()) =>
    http.post<FollowState>(`/api/authors/${authorId}/follow`, undefined, { token, ip });
  const unfollow = (token: string, authorId: string, ip = freshIp()) =>
    http.delete<FollowState>(`/api/authors/${authorId}/follow`, { token, ip });
  const follows = (token: string) => http.get<FollowsAnswer>('/api/me/follows', { token });
  const unsubscribe = (token: unknown) =>
    http.post<{ message: string }>('/api/follows/unsubscribe', { token }, { ip: freshIp() });

  /** An unsubscribe link as the worker's daily mail mints it: the token, its hash stored. */
  async function unsubscribeLinkFor(userId: string, expiresAt = new Date(Date.now() + 3600_000)) {
    const token = randomBytes(32).toString('base64url');
    await db
      .db()
      .collection('account_tokens')
      .insertOne({
        user: new ObjectId(userId),
        purpose: 'follow-unsubscribe',
        tokenHash: createHash('sha256').update(token).digest('hex'),
        createdAt: new Date(),
        expiresAt,
        usedAt: null,
        newEmail: null,
      });
    return token;
  }

  it('follows an author once, lists them in the profile, and unfollows', async () => {
    const author = await register('author', 'דויד גרוסמן');
    const reader = await register('user');
    const first = await follow(reader.token, author.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      authorId: author.id,
      following: true,
      message: m.followed('דויד גרוסמן'),
    });
    expect((await follow(reader.token, author.id)).status).toBe(200);

    const listed = await follows(reader.token);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toContain('private');
    expect(listed.body.mails).toBe(true);
    expect(listed.body.authors).toEqual([
      { id: author.id, name: 'דויד גרוסמן', avatar: '', followedAt: expect.any(String) },
    ]);

    const gone = await unfollow(reader.token, author.id);
    expect(gone.body).toMatchObject({ following: false, message: m.unfollowed('דויד גרוסמן') });
    expect((await follows(reader.token)).body.authors).toEqual([]);
  });

  it('refuses signed-out readers, readers who are not authors, oneself and malformed ids', async () => {
    const author = await register('author');
    const reader = await register('user');
    expectError(
      await http.post(`/api/authors/${author.id}/follow`, undefined, { ip: freshIp() }),
      401,
    );
    expectError(await http.get('/api/me/follows'), 401);
    expect(expectError(await follow(author.token, reader.id), 404).message).toBe(m.authorNotFound);
    expectError(await follow(reader.token, new ObjectId().toHexString()), 404);
    expect(expectError(await follow(author.token, author.id), 400).message).toBe(m.notSelf);
    expectError(await follow(reader.token, 'not-an-id'), 400);
    expectError(await follow(reader.token, '{"$ne":null}'), 400);
  });

  it("unsubscribes by the mail's link without signing in, and only the link's own reader", async () => {
    const author = await register('author');
    const dana = await register('user');
    const eli = await register('user');
    await follow(dana.token, author.id);
    await follow(eli.token, author.id);
    const danasLink = await unsubscribeLinkFor(dana.id);

    const done = await unsubscribe(danasLink);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(m.unsubscribed);
    expect((await follows(dana.token)).body.mails).toBe(false);
    // Eli still gets the mail: Dana's link names Dana only, whoever follows it.
    expect((await follows(eli.token)).body.mails).toBe(true);
    // Following it again is harmless; the follows themselves stay.
    expect((await unsubscribe(danasLink)).status).toBe(200);
    expect((await follows(dana.token)).body.authors).toHaveLength(1);

    // A made-up, malformed, injected or expired link unsubscribes nobody.
    expect(expectError(await unsubscribe('B'.repeat(43)), 400).message).toBe(
      m.unsubscribeLinkInvalid,
    );
    expectError(await unsubscribe('short'), 400);
    expectError(await unsubscribe({ $gt: '' }), 400);
    const expired = await unsubscribeLinkFor(eli.id, new Date(Date.now() - 1000));
    expectError(await unsubscribe(expired), 400);
    expect((await follows(eli.token)).body.mails).toBe(true);

    // The profile turns it back on.
    const on = await http.put('/api/me/follows/mails', { mails: true }, { token: dana.token });
    expect(on.status).toBe(200);
    expect((await follows(dana.token)).body.mails).toBe(true);
  });

  it('limits follows per account whatever the IP, in Hebrew', async () => {
    const author = await register('author');
    const reader = await register('user');
    for (let i = 0; i < FOLLOW_CHANGES_PER_ACCOUNT.limit / 2; i += 1) {
      expect((await follow(reader.token, author.id)).status).toBe(200);
      expect((await unfollow(reader.token, author.id)).status).toBe(200);
    }
    const refused = await follow(reader.token, author.id);
    expect(expectError(refused, 429).message).toBe(m.tooManyFollows);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits follows per IP across accounts, in Hebrew', async () => {
    const author = await register('author');
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const reader = await register('user');
      for (let j = 0; j < 8; j += 1)
        statuses.push((await follow(reader.token, author.id, ip)).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const refused = await follow((await register('user')).token, author.id, ip);
    expect(expectError(refused, 429).message).toBe(m.tooManyRequests);
  });

  it("removes a deleted account's follows", async () => {
    const author = await register('author');
    const reader = await register('user');
    await follow(reader.token, author.id);
    // The helper's DELETE sends no body; deleting one's account takes the password.
    const res = await fetch(`${api.baseUrl}/api/auth/account`, {
      method: 'DELETE',
      headers: {
        authorization: `Bearer ${reader.token}`,
        'content-type': 'application/json',
        'x-forwarded-for': freshIp(),
      },
      body: JSON.stringify({ password }),
    });
    expect(res.status).toBe(200);
    expect(
      await db
        .db()
        .collection('author_follows')
        .countDocuments({ user: new ObjectId(reader.id) }),
    ).toBe(0);
  });
});
