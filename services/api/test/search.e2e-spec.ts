import type { Book } from '@mechabrim/contracts';
import { startCatalogueApi, type CatalogueApi } from './catalogue-fixture';
import { expectError } from './http';
import { Types } from 'mongoose';

/** The Hebrew-aware search rules of issue 4, one by one, on books made for them. */
describe('GET /api/books/search', () => {
  let ctx: CatalogueApi;
  const author = new Types.ObjectId();

  const book = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    author,
    authorName: 'רות כתבן',
    category: 'רומן',
    price: 50,
    isAvailable: true,
    tags: [],
    salesCount: 0,
    ...extra,
  });

  beforeAll(async () => {
    ctx = await startCatalogueApi();
    await ctx.users.create({
      _id: author,
      name: 'רות כתבן',
      email: 'ruth@example.com',
      passwordHash: 'x',
      role: 'author',
    });
    // Through the model, so the search keys are built by the same hooks the API's writes use.
    for (const doc of [
      book('הספר האבוד'),
      book('ירושלים של זהב'),
      book('בְּרֵאשִׁית חֲדָשָׁה'),
      book('סיפורי צה״ל'),
      book('Tel Aviv Nights'),
      book('הנסיך הקטן'),
      book('אור בחלון', { salesCount: 1 }),
      book('מסע', { authorName: 'אור לוי', salesCount: 500 }),
      book('צללים', { tags: ['אור'], salesCount: 900 }),
      book('אור הבוקר', { salesCount: 50 }),
      book('אור נסתר', { isAvailable: false, salesCount: 1000 }),
      book('גן הילדים', { tags: ['צ׳יפס'] }),
    ]) {
      await ctx.books.create(doc);
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const titles = async (q: string, limit?: number) => {
    const res = await ctx.http.get<Book[]>(
      `/api/books/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`,
    );
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    return res.body.map((b) => b.title);
  };

  it('finds the bare word typed with a prefix particle: והספר → הספר', async () => {
    expect(await titles('והספר')).toContain('הספר האבוד');
  });

  it('finds בירושלים → ירושלים', async () => {
    expect(await titles('בירושלים')).toContain('ירושלים של זהב');
  });

  it('ignores niqqud in the title and in the query', async () => {
    expect(await titles('בראשית')).toContain('בְּרֵאשִׁית חֲדָשָׁה');
    expect(await titles('בְּרֵאשִׁית')).toContain('בְּרֵאשִׁית חֲדָשָׁה');
  });

  it('matches final letters typed as regular ones', async () => {
    expect(await titles('ירושלימ')).toContain('ירושלים של זהב');
    expect(await titles('הנסיכ')).toContain('הנסיך הקטן');
  });

  it('ignores gershayim, geresh and ASCII quotes', async () => {
    expect(await titles('צהל')).toContain('סיפורי צה״ל');
    expect(await titles('צה"ל')).toContain('סיפורי צה״ל');
    expect(await titles("צ'יפס")).toContain('גן הילדים');
  });

  it('matches Latin text case-insensitively', async () => {
    expect(await titles('TEL aviv')).toContain('Tel Aviv Nights');
  });

  it('finds a word still being typed', async () => {
    expect(await titles('ירוש')).toContain('ירושלים של זהב');
  });

  it('ranks title matches, then author, then tags, then by sales; hidden books never appear', async () => {
    expect(await titles('אור')).toEqual(['אור הבוקר', 'אור בחלון', 'מסע', 'צללים']);
  });

  it('requires every word and honours limit', async () => {
    expect(await titles('ירושלים זהב')).toEqual(['ירושלים של זהב']);
    expect(await titles('ירושלים כסף')).toEqual([]);
    expect(await titles('אור', 2)).toHaveLength(2);
  });

  it('treats regular-expression and operator text as plain text', async () => {
    expect(await titles('.*')).toEqual([]);
    expect(await titles('(')).toEqual([]);
    expect(await titles('$where')).toEqual([]);
    expect(await titles('^הספר')).toContain('הספר האבוד');
  });

  it.each([
    ['', 'missing q'],
    ['q=', 'empty q'],
    ['q=%20%20', 'blank q'],
    ['q=a&q=b', 'repeated q'],
    ['q[$ne]=x', 'operator key'],
    ['q[$regex]=.*', 'regex operator'],
    ['q=x&limit=0', 'limit 0'],
    ['q=x&limit=51', 'limit above 50'],
    ['q=x&limit[$gt]=1', 'operator in limit'],
    [`q=${'א'.repeat(101)}`, 'q too long'],
  ])('rejects ?%s (%s) with 400 in Hebrew', async (query) => {
    expectError(await ctx.http.get(`/api/books/search?${query}`), 400);
  });
});
