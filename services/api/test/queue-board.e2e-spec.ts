import { ALL_QUEUE_NAMES } from '@mechabrim/contracts';
import { expectError } from './http';
import { login, registerUser, startCatalogueApi, type CatalogueApi } from './catalogue-fixture';

const BOARD = '/api/admin/queues';
const SESSION = '/api/admin/queue-board/session';

/** The `name=value` part of a Set-Cookie header. */
const cookieOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0] ?? '';

describe('the queue board (Bull Board) for admins', () => {
  let ctx: CatalogueApi;
  let adminToken: string;
  let readerToken: string;
  beforeAll(async () => {
    ctx = await startCatalogueApi();
    const admin = await registerUser(ctx.http, 'board.admin@example.com');
    await ctx.users.updateOne({ email: 'board.admin@example.com' }, { $set: { role: 'admin' } });
    adminToken = admin.token;
    readerToken = (await registerUser(ctx.http, 'board.reader@example.com')).token;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is closed without a session, and to a reader asking for one', async () => {
    expectError(await ctx.http.get(BOARD), 401);
    expectError(await ctx.http.get(`${BOARD}/api/queues`), 401);
    expectError(await ctx.http.post(SESSION), 401);
    expectError(await ctx.http.post(SESSION, undefined, { token: readerToken }), 403);
    const forged = { headers: { cookie: 'mb_queue_board=not-a-token' } };
    expectError(await ctx.http.get(BOARD, forged), 401);
    // A bearer token is not a board session (another audience), and the other way round.
    const bearerAsCookie = { headers: { cookie: `mb_queue_board=${adminToken}` } };
    expectError(await ctx.http.get(BOARD, bearerAsCookie), 401);
  });

  it("gives an admin a short, path-scoped, script-proof cookie that opens every queue's page", async () => {
    const session = await ctx.http.post(SESSION, undefined, { token: adminToken });
    expect(session.status).toBe(204);
    const setCookie = session.headers.get('set-cookie');
    expect(setCookie).toMatch(/Path=\/api\/admin\/queues;/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Max-Age=900/);
    const withCookie = { headers: { cookie: cookieOf(setCookie) } };

    const page = await ctx.http.get<string>(BOARD, withCookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('מחברים');

    const queues = await ctx.http.get<{ queues: { name: string }[] }>(
      `${BOARD}/api/queues`,
      withCookie,
    );
    expect(queues.status).toBe(200);
    expect(queues.body.queues.map((queue) => queue.name).sort()).toEqual(
      [...ALL_QUEUE_NAMES].sort(),
    );
  });

  it('refuses a board cookie as a bearer token anywhere else in the API', async () => {
    const session = await ctx.http.post(SESSION, undefined, { token: adminToken });
    const boardToken = cookieOf(session.headers.get('set-cookie')).split('=')[1] ?? '';
    expect(boardToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expectError(await ctx.http.get('/api/auth/profile', { token: boardToken }), 401);
    expectError(await ctx.http.post(SESSION, undefined, { token: boardToken }), 401);
    expectError(await ctx.http.get('/api/users/wishlist', { token: boardToken }), 401);
  });

  it("closes when the admin's session that opened it ends", async () => {
    const signedIn = await login(ctx.http, 'board.admin@example.com', 'Sefer#2024');
    const session = await ctx.http.post(SESSION, undefined, { token: signedIn });
    const withCookie = { headers: { cookie: cookieOf(session.headers.get('set-cookie')) } };
    expect((await ctx.http.get(`${BOARD}/api/queues`, withCookie)).status).toBe(200);
    await ctx.http.post('/api/auth/logout', undefined, { token: signedIn });
    expectError(await ctx.http.get(`${BOARD}/api/queues`, withCookie), 401);
    // The admin's other session (and its board) is untouched.
    expect((await ctx.http.get('/api/auth/profile', { token: adminToken })).status).toBe(200);
  });

  it('closes at once for an admin who is no longer one', async () => {
    const session = await ctx.http.post(SESSION, undefined, { token: adminToken });
    const withCookie = { headers: { cookie: cookieOf(session.headers.get('set-cookie')) } };
    expect((await ctx.http.get(`${BOARD}/api/queues`, withCookie)).status).toBe(200);
    await ctx.users.updateOne({ email: 'board.admin@example.com' }, { $set: { role: 'user' } });
    expectError(await ctx.http.get(`${BOARD}/api/queues`, withCookie), 403);
    await ctx.users.updateOne({ email: 'board.admin@example.com' }, { $set: { role: 'admin' } });
  });
});
