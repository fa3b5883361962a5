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
    // PUBLIC_API_URL is http: a Secure cookie would not come back over it.
    expect(setCookie).not.toMatch(/Secure/);
    const withCookie = { headers: { cookie: cookieOf(setCookie) } };

    const page = await ctx.http.get<string>(BOARD, withCookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('מחברים');
    // Bull Board's page, in Hebrew and right to left.
    expect(page.body).toMatch(/<html lang="he" dir="rtl">/);
    expect(page.body).toContain('<title>מחברים · תורי עבודה</title>');
    expect(page.body).toContain('טוען…');

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

  it('loads nothing from elsewhere: its font comes from the board itself', async () => {
    const session = await ctx.http.post(SESSION, undefined, { token: adminToken });
    const withCookie = { headers: { cookie: cookieOf(session.headers.get('set-cookie')) } };
    const page = await ctx.http.get<string>(BOARD, withCookie);
    const addresses = [...page.body.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(addresses).toContain('fonts/heebo/heebo.css');
    // Relative to the page's <base>, never another origin (our CSP would block it).
    expect(addresses.filter((address) => /^(?:[a-z]+:)?\/\//i.test(address))).toEqual([]);
    expect(page.headers.get('content-security-policy')).toMatch(/font-src 'self'/);

    const css = await ctx.http.get<string>(`${BOARD}/fonts/heebo/heebo.css`, withCookie);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
    const hebrewFace = /url\(\.\/files\/(heebo-hebrew-400-normal\.woff2)\)/.exec(css.body);
    expect(hebrewFace?.[1]).toBe('heebo-hebrew-400-normal.woff2');

    const font = await fetch(
      `${ctx.api.baseUrl}${BOARD}/fonts/heebo/files/heebo-hebrew-400-normal.woff2`,
      withCookie,
    );
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect((await font.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // Only the font's own files, and only with a board session.
    expectError(
      await ctx.http.get(`${BOARD}/fonts/heebo/files/..%2Fpackage.json`, withCookie),
      404,
    );
    expectError(await ctx.http.get(`${BOARD}/fonts/heebo/heebo.css`), 401);
  });
});

describe('the queue board behind a proxy that ends https', () => {
  let ctx: CatalogueApi;
  let adminToken: string;
  beforeAll(async () => {
    // The store at an https address, proxying /api on its own origin (no PUBLIC_API_URL).
    ctx = await startCatalogueApi({
      env: { PUBLIC_API_URL: '', PUBLIC_SHOP_URL: 'https://mechabrim.example' },
    });
    adminToken = (await registerUser(ctx.http, 'board.https@example.com')).token;
    await ctx.users.updateOne({ email: 'board.https@example.com' }, { $set: { role: 'admin' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("marks the board's cookie Secure though the request reached the API over plain http", async () => {
    const session = await ctx.http.post(SESSION, undefined, { token: adminToken });
    expect(session.status).toBe(204);
    expect(session.headers.get('set-cookie')).toMatch(/; Secure$/);
  });
});
