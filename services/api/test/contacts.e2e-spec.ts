import { startCatalogueApi, type CatalogueApi } from './catalogue-fixture';
import { expectError, freshIp, INJECTIONS } from './http';

describe('POST /api/contacts/submit', () => {
  let ctx: CatalogueApi;
  beforeAll(async () => {
    ctx = await startCatalogueApi();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const message = {
    name: 'דנה לוי',
    email: 'dana@example.com',
    subject: 'support',
    message: 'שלום, יש לי שאלה על משלוח.',
  };

  it('stores the message and answers ok with a Hebrew confirmation', async () => {
    const res = await ctx.http.post<{ ok: boolean; message: string }>(
      '/api/contacts/submit',
      message,
      { ip: freshIp() },
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, message: expect.stringMatching(/נשלחה/) });
    const stored = await ctx.db
      .collection('contact_messages')
      .findOne({ email: 'dana@example.com' });
    expect(stored).toEqual(
      expect.objectContaining({ name: 'דנה לוי', subject: 'support', status: 'new' }),
    );
  });

  it.each(['name', 'email', 'subject', 'message'])('requires %s', async (field) => {
    const body: Record<string, string> = { ...message };
    delete body[field];
    const res = await ctx.http.post<{ details: { field: string }[] }>(
      '/api/contacts/submit',
      body,
      { ip: freshIp() },
    );
    expectError(res, 400);
    expect(res.body.details.map((d) => d.field)).toContain(field);
  });

  it('rejects an unknown subject, a bad e-mail and unknown fields', async () => {
    const ip = freshIp();
    expectError(
      await ctx.http.post('/api/contacts/submit', { ...message, subject: 'spam' }, { ip }),
      400,
    );
    expectError(
      await ctx.http.post('/api/contacts/submit', { ...message, email: 'nope' }, { ip }),
      400,
    );
    expectError(await ctx.http.post('/api/contacts/submit', { ...message, extra: 1 }, { ip }), 400);
  });

  it.each(INJECTIONS)('rejects the operator payload %j with 400', async (payload) => {
    const ip = freshIp();
    expectError(
      await ctx.http.post('/api/contacts/submit', { ...message, email: payload }, { ip }),
      400,
    );
    expectError(
      await ctx.http.post('/api/contacts/submit', { ...message, ...(payload as object) }, { ip }),
      400,
    );
  });

  it('rate-limits per IP with a 429 in the error shape', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await ctx.http.post('/api/contacts/submit', message, { ip })).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expectError(await ctx.http.post('/api/contacts/submit', message, { ip }), 429);
  });
});
