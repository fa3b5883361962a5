import { JwtService } from '@nestjs/jwt';
import { VALIDATION_HE } from '@mechabrim/contracts';
import { messagesHe } from '../src/common/messages.he';
import { startTestMongo, startTestRedis } from '@mechabrim/testing';
import { createTestApi, type TestApi } from './test-api';
import { client, expectError, freshIp, INJECTIONS, type Client } from './http';

describe('auth API', () => {
  let mongo: Awaited<ReturnType<typeof startTestMongo>>;
  let redis: Awaited<ReturnType<typeof startTestRedis>>;
  let api: TestApi;
  let http: Client;

  beforeAll(async () => {
    mongo = await startTestMongo();
    redis = await startTestRedis();
    api = await createTestApi({
      mongoUri: mongo.uri,
      redisUrl: redis.url,
      env: { JWT_EXPIRES_IN: '1h' },
    });
    http = client(api.baseUrl);
  });

  afterAll(async () => {
    await api?.close();
    await redis?.stop();
    await mongo?.stop();
  });

  const reader = (email: string) => ({
    name: 'נועה כהן',
    email,
    password: 'Sefer#2024',
    confirmPassword: 'Sefer#2024',
    role: 'user',
    agreeToTerms: true,
  });

  it('registers a reader and answers the user and a token, never the hash', async () => {
    const res = await http.post<{ user: Record<string, unknown>; token: string }>(
      '/api/auth/register',
      reader('Reader@Example.com'),
      { ip: freshIp() },
    );
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.user).toEqual(
      expect.objectContaining({
        name: 'נועה כהן',
        email: 'reader@example.com',
        role: 'user',
        bio: '',
        avatar: '',
      }),
    );
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
  });

  it('registers an author only with the authors terms accepted', async () => {
    const ip = freshIp();
    const refused = await http.post(
      '/api/auth/register',
      { ...reader('author1@example.com'), role: 'author' },
      { ip },
    );
    expect(expectError(refused, 400).message).toContain('יש לאשר את תקנון הסופרים');
    const ok = await http.post<{ user: { role: string } }>(
      '/api/auth/register',
      { ...reader('author1@example.com'), role: 'author', agreeToAuthorsTerms: true },
      { ip },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.user.role).toBe('author');
  });

  it('refuses the admin role at registration', async () => {
    const res = await http.post(
      '/api/auth/register',
      { ...reader('admin@example.com'), role: 'admin' },
      { ip: freshIp() },
    );
    expectError(res, 400);
  });

  it('joins every registration problem into one Hebrew message naming each field', async () => {
    const res = await http.post<{ details: { field: string }[] }>(
      '/api/auth/register',
      { name: 'א', email: 'not-an-email', password: 'abc', role: 'user', agreeToTerms: false },
      { ip: freshIp() },
    );
    const body = expectError(res, 400);
    expect(body.message).toContain('השם חייב להכיל לפחות 2 תווים');
    expect(body.message).toContain('נא להזין כתובת אימייל תקינה');
    expect(body.message).toContain('לפחות 8 תווים');
    expect(body.message).toContain('לפחות 2 ספרות');
    expect(body.message).toContain('יש לאשר את תנאי האתר');
    expect(res.body.details.map((d) => d.field)).toEqual(
      expect.arrayContaining(['name', 'email', 'password', 'agreeToTerms']),
    );
  });

  it('answers 409 in Hebrew for a duplicate e-mail, however it is cased', async () => {
    const ip = freshIp();
    expect((await http.post('/api/auth/register', reader('dup@example.com'), { ip })).status).toBe(
      201,
    );
    const again = await http.post('/api/auth/register', reader('DUP@example.com'), { ip });
    expect(expectError(again, 409).message).toContain('כבר רשומה');
  });

  it('logs in, and gives the same message for an unknown e-mail and a wrong password', async () => {
    const ip = freshIp();
    await http.post('/api/auth/register', reader('login@example.com'), { ip });
    const ok = await http.post<{ user: { email: string }; token: string }>(
      '/api/auth/login',
      { email: 'LOGIN@example.com', password: 'Sefer#2024' },
      { ip },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe('login@example.com');
    expect(ok.body.token).toBeTruthy();

    const wrong = expectError(
      await http.post(
        '/api/auth/login',
        { email: 'login@example.com', password: 'Wrong#2024' },
        { ip },
      ),
      401,
    );
    const unknown = expectError(
      await http.post(
        '/api/auth/login',
        { email: 'nobody@example.com', password: 'Sefer#2024' },
        { ip },
      ),
      401,
    );
    expect(wrong.message).toBe(unknown.message);
  });

  it('validates the login body', async () => {
    const ip = freshIp();
    expect(
      expectError(await http.post('/api/auth/login', { password: 'x' }, { ip }), 400).message,
    ).toContain('אימייל');
    expectError(await http.post('/api/auth/login', { email: 'a@b.co' }, { ip }), 400);
    expectError(await http.post('/api/auth/login', '{"email": ', { ip }), 400);
  });

  it.each(INJECTIONS)(
    'rejects the operator payload %j on login, register and profile with 400',
    async (payload) => {
      const ip = freshIp();
      expectError(
        await http.post('/api/auth/login', { email: payload, password: 'x' }, { ip }),
        400,
      );
      expectError(
        await http.post(
          '/api/auth/login',
          { email: 'login@example.com', password: payload },
          { ip },
        ),
        400,
      );
      expectError(
        await http.post(
          '/api/auth/register',
          { ...reader('inj@example.com'), email: payload },
          { ip },
        ),
        400,
      );
      expectError(
        await http.post(
          '/api/auth/register',
          { ...reader('inj@example.com'), ...(payload as object) },
          { ip },
        ),
        400,
      );
    },
  );

  it('rate-limits login per IP with a 429 in the error shape', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    // A different account each time: this checks the per-address limit, not the per-account one.
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (
          await http.post(
            '/api/auth/login',
            { email: `nobody${i}@example.com`, password: 'x' },
            { ip },
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await http.post(
      '/api/auth/login',
      { email: 'nobody@example.com', password: 'x' },
      { ip },
    );
    expect(expectError(limited, 429).message).toBe(messagesHe.auth.tooManyAttempts);
    // another client is not affected
    expect(
      (
        await http.post(
          '/api/auth/login',
          { email: 'nobody@example.com', password: 'x' },
          { ip: freshIp() },
        )
      ).status,
    ).toBe(401);
  });

  it('rate-limits registration per IP', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 11; i += 1) {
      last = (await http.post('/api/auth/register', { name: 'x' }, { ip })).status;
    }
    expect(last).toBe(429);
    const limited = await http.post('/api/auth/register', { name: 'x' }, { ip });
    expect(expectError(limited, 429).message).toBe(messagesHe.auth.tooManyAttempts);
  });

  it('says "name is required" once for an empty name, not also "too short"', async () => {
    const res = await http.post(
      '/api/auth/register',
      { ...reader('empty.name@example.com'), name: '   ' },
      { ip: freshIp() },
    );
    const body = expectError(res, 400) as { message: string; details?: { field: string }[] };
    expect(body.details?.filter((d) => d.field === 'name')).toHaveLength(1);
    expect(body.message).toContain(VALIDATION_HE.nameRequired);
    expect(body.message).not.toContain(VALIDATION_HE.nameTooShort);
  });

  describe('profile', () => {
    let token: string;
    beforeAll(async () => {
      const res = await http.post<{ token: string }>(
        '/api/auth/register',
        reader('profile@example.com'),
        { ip: freshIp() },
      );
      token = res.body.token;
    });

    it('answers the signed-in user', async () => {
      const res = await http.get<{ email: string; role: string }>('/api/auth/profile', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(
        expect.objectContaining({ email: 'profile@example.com', role: 'user', name: 'נועה כהן' }),
      );
    });

    it('refuses a missing, malformed or forged token with 401', async () => {
      expectError(await http.get('/api/auth/profile'), 401);
      expectError(await http.get('/api/auth/profile', { token: 'not-a-jwt' }), 401);
      const [h, p] = token.split('.');
      expectError(await http.get('/api/auth/profile', { token: `${h}.${p}.forgedsignature` }), 401);
    });

    it('updates name and bio without a new token; a new e-mail waits for the link mailed to it', async () => {
      const same = await http.put<{ user: { bio: string }; token?: string; message: string }>(
        '/api/auth/profile',
        { name: 'נועה כהן-לוי', email: 'profile@example.com', bio: 'קוראת נלהבת' },
        { token, ip: freshIp() },
      );
      expect(same.status).toBe(200);
      expect(same.body.user.bio).toBe('קוראת נלהבת');
      expect(same.body.token).toBeUndefined();
      expect(same.body.message).toBe('הפרופיל עודכן בהצלחה');

      const move = { name: 'נועה כהן-לוי', email: 'noa.new@example.com' };
      expect(
        expectError(await http.put('/api/auth/profile', move, { token, ip: freshIp() }), 400)
          .message,
      ).toBe(messagesHe.auth.emailChangeNeedsPassword);
      expectError(
        await http.put(
          '/api/auth/profile',
          { ...move, currentPassword: 'Wrong#1234' },
          { token, ip: freshIp() },
        ),
        400,
      );
      const asked = await http.put<{
        user: { email: string };
        token?: string;
        pendingEmail?: string;
        message: string;
      }>('/api/auth/profile', { ...move, currentPassword: 'Sefer#2024' }, { token, ip: freshIp() });
      expect(asked.status).toBe(200);
      expect(asked.body.user.email).toBe('profile@example.com');
      expect(asked.body.pendingEmail).toBe('noa.new@example.com');
      expect(asked.body.token).toBeUndefined();
      expect(asked.body.message).toBe(messagesHe.auth.emailChangePending('noa.new@example.com'));
      const me = await http.get<{ email: string }>('/api/auth/profile', { token });
      expect(me.body.email).toBe('profile@example.com');
    });

    it('refuses to take an e-mail that belongs to someone else (409) and validates the body', async () => {
      await http.post('/api/auth/register', reader('taken@example.com'), { ip: freshIp() });
      // Whether an address is registered is told only to someone who knows this password.
      const taken = { name: 'נועה', email: 'taken@example.com' };
      const free = { name: 'נועה', email: 'free.address@example.com' };
      for (const guess of [undefined, 'Wrong#1234']) {
        const [onTaken, onFree] = await Promise.all(
          [taken, free].map(async (body) =>
            expectError(
              await http.put(
                '/api/auth/profile',
                { ...body, currentPassword: guess },
                { token, ip: freshIp() },
              ),
              400,
            ),
          ),
        );
        expect(onTaken?.message).toBe(onFree?.message);
      }
      expectError(
        await http.put(
          '/api/auth/profile',
          { ...taken, currentPassword: 'Sefer#2024' },
          { token, ip: freshIp() },
        ),
        409,
      );
      expectError(
        await http.put('/api/auth/profile', { email: 'x@example.com' }, { token, ip: freshIp() }),
        400,
      );
      expectError(
        await http.put(
          '/api/auth/profile',
          { name: 'נועה', email: { $ne: null } },
          { token, ip: freshIp() },
        ),
        400,
      );
      expectError(
        await http.put(
          '/api/auth/profile',
          { name: 'נועה', email: 'x@example.com', role: 'admin' },
          { token, ip: freshIp() },
        ),
        400,
      );
    });
  });

  it('refuses a token once it has expired', async () => {
    const res = await http.post<{ token: string }>(
      '/api/auth/register',
      reader('expiring@example.com'),
      { ip: freshIp() },
    );
    expect((await http.get('/api/auth/profile', { token: res.body.token })).status).toBe(200);
    // The same claims (user, role, session, audience) signed as the API signs them, with an
    // expiry already past: no waiting on the clock for a one-second token, which a loaded machine
    // outran between the sign-up and the first request.
    const jwt = api.app.get(JwtService);
    const {
      iat: _issued,
      exp: _expires,
      ...claims
    } = jwt.decode<Record<string, unknown>>(res.body.token);
    const expired = await jwt.signAsync(claims, { expiresIn: -10 });
    expect(
      expectError(await http.get('/api/auth/profile', { token: expired }), 401).message,
    ).toContain('נא להתחבר מחדש');
  });

  it('ignores a forged X-Forwarded-For when no proxy is trusted', async () => {
    const direct = await createTestApi({
      mongoUri: mongo.uri,
      redisUrl: redis.url,
      env: { TRUST_PROXY: 'false' },
    });
    try {
      const other = client(direct.baseUrl);
      const statuses: number[] = [];
      // Every request claims a new client address; all come from one socket address.
      for (let i = 0; i < 12; i += 1) {
        statuses.push(
          (
            await other.post(
              '/api/auth/login',
              { email: `forged${i}@example.com`, password: 'x' },
              { ip: freshIp() },
            )
          ).status,
        );
      }
      expect(statuses).toContain(429);
    } finally {
      await direct.close();
    }
  });

  it('shares the login budget between API instances (counters in Redis)', async () => {
    const second = await createTestApi({ mongoUri: mongo.uri, redisUrl: redis.url });
    try {
      const other = client(second.baseUrl);
      const ip = freshIp();
      for (let i = 0; i < 10; i += 1) {
        const via = i % 2 === 0 ? http : other;
        expect(
          (
            await via.post(
              '/api/auth/login',
              { email: `shared${i}@example.com`, password: 'x' },
              { ip },
            )
          ).status,
        ).toBe(401);
      }
      expectError(
        await other.post('/api/auth/login', { email: 'nobody@example.com', password: 'x' }, { ip }),
        429,
      );
    } finally {
      await second.close();
    }
  });

  it('keeps login working while Redis is down (the limiter lets requests through)', async () => {
    await http.post('/api/auth/register', reader('known.forgot@example.com'), { ip: freshIp() });
    await redis.stop();
    const res = await http.post(
      '/api/auth/login',
      { email: 'nobody@example.com', password: 'x' },
      { ip: freshIp() },
    );
    expectError(res, 401);
    // 'Forgot password' answers a known and an unknown address alike while the mail queue is down.
    const [known, unknown] = await Promise.all(
      ['known.forgot@example.com', 'nobody@example.com'].map((email) =>
        http.post('/api/auth/password/forgot', { email }, { ip: freshIp() }),
      ),
    );
    expect(known?.status).toBe(unknown?.status);
    expect(known?.body).toEqual(unknown?.body);
  });
});
