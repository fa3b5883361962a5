import { CLIENT_LOG_TTL_SECONDS } from '@mechabrim/db';
import { startCatalogueApi, type CatalogueApi } from './catalogue-fixture';
import { expectError, freshIp, INJECTIONS } from './http';

describe('client logs API', () => {
  let ctx: CatalogueApi;
  beforeAll(async () => {
    ctx = await startCatalogueApi();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const entry = (message = 'שגיאה בטעינת הספר') => ({
    timestamp: new Date().toISOString(),
    level: 'error',
    message,
    context: 'BookPage',
    data: { status: 500 },
    url: '/book/1',
    sessionId: 's-1',
  });

  it('accepts one entry (202)', async () => {
    const res = await ctx.http.post('/api/logs/client-error', entry(), { ip: freshIp() });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: 1 });
  });

  it('accepts a bulk of up to 50 entries and refuses 51', async () => {
    const ip = freshIp();
    const logs = Array.from({ length: 50 }, (_, i) => entry(`רשומה ${i}`));
    const ok = await ctx.http.post('/api/logs/client-bulk', { logs, sessionId: 's-2' }, { ip });
    expect(ok.status).toBe(202);
    expect(ok.body).toEqual({ accepted: 50 });
    expectError(
      await ctx.http.post(
        '/api/logs/client-bulk',
        { logs: [...logs, entry()], sessionId: 's-2' },
        { ip },
      ),
      400,
    );
  });

  it('accepts a full bulk of large valid entries (~800 KB); the global limit holds elsewhere', async () => {
    const ip = freshIp();
    // 50 entries just under 16 KB each.
    const logs = Array.from({ length: 50 }, (_, i) => ({
      ...entry(`רשומה גדולה ${i}`),
      data: { text: 'x'.repeat(15.5 * 1024) },
    }));
    const body = JSON.stringify({ logs, sessionId: 's-big' });
    expect(Buffer.byteLength(body)).toBeGreaterThan(790 * 1000);
    const res = await ctx.http.post('/api/logs/client-bulk', body, { ip });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: 50 });
    // The global limit still holds on every other route.
    expectError(
      await ctx.http.post(
        '/api/contacts/submit',
        { name: 'דנה', email: 'd@x.co', subject: 'other', message: 'x'.repeat(1.2 * 1024 * 1024) },
        { ip },
      ),
      413,
    );
  });

  it('refuses an entry over 16 KB with 413, alone or in a bulk', async () => {
    const ip = freshIp();
    const big = { ...entry(), data: { text: 'x'.repeat(17 * 1024) } };
    expectError(await ctx.http.post('/api/logs/client-error', big, { ip }), 413);
    expectError(
      await ctx.http.post('/api/logs/client-bulk', { logs: [entry(), big] }, { ip }),
      413,
    );
  });

  it('validates each entry', async () => {
    const ip = freshIp();
    expectError(
      await ctx.http.post('/api/logs/client-error', { ...entry(), level: 'panic' }, { ip }),
      400,
    );
    expectError(
      await ctx.http.post('/api/logs/client-error', { ...entry(), timestamp: 'yesterday' }, { ip }),
      400,
    );
    expectError(await ctx.http.post('/api/logs/client-bulk', { logs: [] }, { ip }), 400);
  });

  it.each(INJECTIONS)('rejects the operator payload %j with 400', async (payload) => {
    const ip = freshIp();
    expectError(
      await ctx.http.post('/api/logs/client-error', { ...entry(), message: payload }, { ip }),
      400,
    );
    expectError(
      await ctx.http.post(
        '/api/logs/client-bulk',
        { logs: [{ ...entry(), userId: payload }] },
        { ip },
      ),
      400,
    );
    expectError(
      await ctx.http.post(
        '/api/logs/client-bulk',
        { logs: [entry()], ...(payload as object) },
        { ip },
      ),
      400,
    );
  });

  it('rate-limits per IP with a 429 in the error shape', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 120; i += 1)
      statuses.push((await ctx.http.post('/api/logs/client-error', entry(`n${i}`), { ip })).status);
    expect(statuses.every((s) => s === 202)).toBe(true);
    expectError(await ctx.http.post('/api/logs/client-error', entry('one too many'), { ip }), 429);
  });

  it('stores entries in a collection that expires them after 30 days', async () => {
    // The API registers the shared schema, so its indexes (the TTL one included) exist.
    await ctx.db
      .collection('client_logs')
      .insertOne({
        key: 'probe',
        timestamp: new Date(),
        level: 'info',
        message: 'x',
        receivedAt: new Date(),
      })
      .catch(() => undefined);
    const indexes = await ctx.db.collection('client_logs').indexes();
    const ttl = indexes.find((i) => i.key.receivedAt === 1);
    expect(ttl?.expireAfterSeconds).toBe(CLIENT_LOG_TTL_SECONDS);
    expect(CLIENT_LOG_TTL_SECONDS).toBe(30 * 24 * 60 * 60);
  });
});
