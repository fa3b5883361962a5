import { Types } from 'mongoose';
import { messagesHe } from '../src/common/messages.he';
import { freshIp, expectError } from './http';
import { login, registerUser, startCatalogueApi, type CatalogueApi } from './catalogue-fixture';

const PASSWORD = 'Sefer#2024';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const FIREFOX_ON_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0';

interface SessionInfo {
  id: string;
  userAgent: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

describe('sessions: each sign-in is one, ended alone or all at once', () => {
  let ctx: CatalogueApi;
  beforeAll(async () => {
    ctx = await startCatalogueApi();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const profileStatus = async (token: string) =>
    (await ctx.http.get('/api/auth/profile', { token })).status;

  /** Signs in from a browser described by `userAgent`. */
  async function signIn(email: string, userAgent?: string): Promise<string> {
    const res = await ctx.http.post<{ token: string }>(
      '/api/auth/login',
      { email, password: PASSWORD },
      { ip: freshIp(), headers: userAgent ? { 'user-agent': userAgent } : {} },
    );
    expect(res.status).toBe(200);
    return res.body.token;
  }

  it('signing out here ends this session only; the other browser stays signed in', async () => {
    const { token: laptop } = await registerUser(ctx.http, 'here@example.com');
    const phone = await login(ctx.http, 'here@example.com', PASSWORD);

    expect((await ctx.http.post('/api/auth/logout', undefined, { token: laptop })).status).toBe(
      204,
    );

    expect(await profileStatus(phone)).toBe(200);
    const ended = expectError(await ctx.http.get('/api/auth/profile', { token: laptop }), 401);
    expect(ended.message).toBe(messagesHe.auth.sessionEnded);
    // Signing out twice is refused like any ended session, in Hebrew.
    expectError(await ctx.http.post('/api/auth/logout', undefined, { token: laptop }), 401);
  });

  it('signing out everywhere ends every session of the user, and no one else’s', async () => {
    const { token: first } = await registerUser(ctx.http, 'everywhere@example.com');
    const second = await login(ctx.http, 'everywhere@example.com', PASSWORD);
    const { token: someoneElse } = await registerUser(ctx.http, 'bystander@example.com');

    expect((await ctx.http.post('/api/auth/logout-all', undefined, { token: second })).status).toBe(
      204,
    );

    for (const token of [first, second]) {
      expect(expectError(await ctx.http.get('/api/auth/profile', { token }), 401).message).toBe(
        messagesHe.auth.sessionEnded,
      );
    }
    expect(await profileStatus(someoneElse)).toBe(200);
    // A new sign-in is a new session, which works.
    expect(await profileStatus(await login(ctx.http, 'everywhere@example.com', PASSWORD))).toBe(
      200,
    );
  });

  it('an ended session is refused on every protected route with a Hebrew 401', async () => {
    const { token } = await registerUser(ctx.http, 'ended@example.com');
    await ctx.http.post('/api/auth/logout', undefined, { token });
    for (const answer of [
      await ctx.http.get('/api/auth/profile', { token }),
      await ctx.http.get('/api/users/wishlist', { token }),
      await ctx.http.put('/api/auth/profile', { name: 'נועה', email: 'x@example.com' }, { token }),
    ]) {
      expect(expectError(answer, 401).message).toBe('ההתחברות שלכם הסתיימה. נא להתחבר מחדש.');
    }
  });

  it('lists the active sessions, newest first, this one marked, with a short device name', async () => {
    await registerUser(ctx.http, 'lister@example.com');
    const laptop = await signIn('lister@example.com', CHROME_ON_WINDOWS);
    const phone = await signIn('lister@example.com', FIREFOX_ON_ANDROID);

    const listed = await ctx.http.get<{ sessions: SessionInfo[] }>('/api/auth/sessions', {
      token: phone,
    });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    const { sessions } = listed.body;
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true, userAgent: 'Firefox · Android' });
    expect(sessions[1]).toMatchObject({ current: false, userAgent: 'Chrome · Windows' });
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    for (const session of sessions) {
      expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    }

    await ctx.http.post('/api/auth/logout', undefined, { token: laptop });
    const after = await ctx.http.get<{ sessions: SessionInfo[] }>('/api/auth/sessions', {
      token: phone,
    });
    expect(after.body.sessions.map((session) => session.userAgent)).not.toContain(
      'Chrome · Windows',
    );
    expect(after.body.sessions).toHaveLength(2);
  });

  it('keeps each session in the sessions collection until its token expires', async () => {
    const { id, token } = await registerUser(ctx.http, 'stored@example.com');
    const { sid, exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
      exp: number;
    };
    const stored = await ctx.db.collection('sessions').findOne({ _id: new Types.ObjectId(sid) });
    expect(stored).toMatchObject({ expiresAt: new Date(exp * 1000) });
    expect(String(stored?.user)).toBe(id);
  });

  describe('handing a sign-in over to the other origin (issue 27 item 18)', () => {
    const STORE = 'https://mechabrim.example';
    const PORTAL = 'https://authors.mechabrim.example';
    const offer = async (token: string, to: string) =>
      ctx.http.post<{ code: string; expiresAt: string }>(
        '/api/auth/handover',
        { origin: to },
        { token },
      );
    /** Redeemed as a browser on `from` does: a POST that carries its page's Origin. */
    const redeem = (code: string, from: string) =>
      ctx.http.post<{ token: string; user: { email: string } }>(
        '/api/auth/handover/redeem',
        { code },
        { ip: freshIp(), headers: { origin: from } },
      );

    it('portal → store: redeems a code once, for the same session; signing out on either ends both', async () => {
      const { token: portal } = await registerUser(ctx.http, 'handover@example.com');
      const offered = await offer(portal, STORE);
      expect(offered.status).toBe(201);
      expect(offered.headers.get('cache-control')).toBe('no-store');
      expect(offered.body.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const left = new Date(offered.body.expiresAt).getTime() - Date.now();
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(60_000);

      const redeemed = await redeem(offered.body.code, STORE);
      expect(redeemed.status).toBe(200);
      expect(redeemed.body.user.email).toBe('handover@example.com');
      const store = redeemed.body.token;
      expect(await profileStatus(store)).toBe(200);
      // Once only.
      expect(expectError(await redeem(offered.body.code, STORE), 401).message).toBe(
        messagesHe.auth.handoverInvalid,
      );
      // One session, not two: the code and its hash are not kept in the clear.
      const sessions = await ctx.http.get<{ sessions: unknown[] }>('/api/auth/sessions', {
        token: store,
      });
      expect(sessions.body.sessions).toHaveLength(1);
      const stored = await ctx.db.collection('sessions').find({}).toArray();
      expect(JSON.stringify(stored)).not.toContain(offered.body.code);

      // Signing out in the store signs the portal out too.
      expect((await ctx.http.post('/api/auth/logout', undefined, { token: store })).status).toBe(
        204,
      );
      expect(await profileStatus(portal)).toBe(401);
    });

    it('store → portal: the author arrives signed in on the portal, and signing out there ends the store’s sign-in', async () => {
      const { token: store } = await registerUser(
        ctx.http,
        'handover.portal@example.com',
        'author',
      );
      const offered = await offer(store, `${PORTAL}/`);
      expect(offered.status).toBe(201);

      const redeemed = await redeem(offered.body.code, PORTAL);
      expect(redeemed.status).toBe(200);
      expect(redeemed.body.user).toMatchObject({
        email: 'handover.portal@example.com',
        role: 'author',
      });
      const portal = redeemed.body.token;
      const profile = await ctx.http.get<{ email: string }>('/api/auth/profile', {
        token: portal,
      });
      expect(profile.status).toBe(200);
      // Single use: the same code again, from the right origin, is refused in Hebrew.
      expect(expectError(await redeem(offered.body.code, PORTAL), 401).message).toBe(
        messagesHe.auth.handoverInvalid,
      );
      // Both origins hold tokens of the one session.
      const listed = await ctx.http.get<{ sessions: { current: boolean }[] }>(
        '/api/auth/sessions',
        { token: store },
      );
      expect(listed.body.sessions).toEqual([expect.objectContaining({ current: true })]);

      // Signing out on the portal signs the store out too, and the other way round.
      expect((await ctx.http.post('/api/auth/logout', undefined, { token: portal })).status).toBe(
        204,
      );
      for (const token of [store, portal]) {
        expect(expectError(await ctx.http.get('/api/auth/profile', { token }), 401).message).toBe(
          messagesHe.auth.sessionEnded,
        );
      }
    });

    it('refuses a code from another origin than it was offered for with a Hebrew 403, and spends it', async () => {
      const { token } = await registerUser(ctx.http, 'handover.elsewhere@example.com');
      // Offered for the portal, tried by the store's page: refused, and spent.
      const offered = await offer(token, PORTAL);
      expect(expectError(await redeem(offered.body.code, STORE), 403).message).toBe(
        messagesHe.auth.handoverWrongOrigin,
      );
      expect(expectError(await redeem(offered.body.code, PORTAL), 401).message).toBe(
        messagesHe.auth.handoverInvalid,
      );
      // Another site's page, and a request with no Origin at all (not a page), the same.
      const forEvil = await offer(token, PORTAL);
      expectError(await redeem(forEvil.body.code, 'https://evil.example'), 403);
      const bare = await offer(token, PORTAL);
      const noOrigin = await ctx.http.post(
        '/api/auth/handover/redeem',
        { code: bare.body.code },
        { ip: freshIp() },
      );
      expect(expectError(noOrigin, 403).message).toBe(messagesHe.auth.handoverWrongOrigin);
      // The session itself goes on.
      expect(await profileStatus(token)).toBe(200);
    });

    it('refuses an expired code, a made-up one, a malformed one, a bad origin, and an offer without a session', async () => {
      const { token } = await registerUser(ctx.http, 'handover.late@example.com');
      const offered = await offer(token, PORTAL);
      await ctx.db
        .collection('sessions')
        .updateMany(
          { 'handover.expiresAt': { $exists: true } },
          { $set: { 'handover.expiresAt': new Date(Date.now() - 1000) } },
        );
      expect(expectError(await redeem(offered.body.code, PORTAL), 401).message).toBe(
        messagesHe.auth.handoverInvalid,
      );
      expectError(await redeem('A'.repeat(43), PORTAL), 401);
      expect(expectError(await redeem('short', PORTAL), 400).message).toContain(
        'קוד ההעברה אינו תקין.',
      );
      for (const origin of [undefined, 'javascript:alert(1)', `${PORTAL}/author-dashboard`, 42]) {
        const refused = await ctx.http.post(
          '/api/auth/handover',
          origin === undefined ? {} : { origin },
          { token },
        );
        expect(expectError(refused, 400).message).toContain('כתובת האתר שאליו עוברים אינה תקינה.');
      }
      expect((await ctx.http.post('/api/auth/handover', { origin: PORTAL })).status).toBe(401);
      // The session itself goes on.
      expect(await profileStatus(token)).toBe(200);
    });
  });
});
