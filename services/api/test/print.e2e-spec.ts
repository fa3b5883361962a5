import { coverTemplateSchema, type CoverTemplate } from '@mechabrim/contracts';
import { startCatalogueApi, type CatalogueApi } from './catalogue-fixture';

describe('GET /api/print/cover-template', () => {
  let ctx: CatalogueApi;
  beforeAll(async () => {
    ctx = await startCatalogueApi();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers the exact spread of a right-to-left A5 book of 200 pages on 80 g paper', async () => {
    const res = await ctx.http.get<CoverTemplate>(
      '/api/print/cover-template?pages=200&size=A5&paper=80g&direction=rtl',
    );
    expect(res.status).toBe(200);
    const body = coverTemplateSchema.parse(res.body);
    expect(body).toMatchObject({
      spineMm: 10,
      widthMm: 312,
      heightMm: 216,
      widthPt: 884.41,
      heightPt: 612.28,
      bleedMm: 3,
      frontCoverSide: 'left',
      spineTextAllowed: true,
    });
    expect(body.panels.front).toMatchObject({ xMm: 0, widthMm: 151 });
    expect(body.panels.back).toMatchObject({ xMm: 161, widthMm: 151 });
    expect(body.summary).toContain('312×216');
  });

  it("defaults to the upload form's options and puts a left-to-right front cover on the right", async () => {
    const rtl = await ctx.http.get<CoverTemplate>('/api/print/cover-template?pages=64');
    expect(rtl.body).toMatchObject({ size: 'A5', paper: '70g', direction: 'rtl', spineMm: 2.8 });
    expect(rtl.body.spineTextAllowed).toBe(false);
    const ltr = await ctx.http.get<CoverTemplate>(
      '/api/print/cover-template?pages=64&size=135x210&direction=ltr',
    );
    expect(ltr.body).toMatchObject({ frontCoverSide: 'right', widthMm: 2 * 135 + 2.8 + 6 });
  });

  it.each([
    ['', 'מספר העמודים'],
    ['?pages=abc', 'מספר העמודים'],
    ['?pages=10', 'מספר העמודים'],
    ['?pages=100&size=A4', 'גודל הספר'],
    ['?pages=100&paper=100g', 'סוג הנייר'],
    ['?pages=100&direction=up', 'כיוון הקריאה'],
    ['?pages=100&extra=1', 'שדה לא מוכר'],
  ])('refuses %s with a Hebrew 400', async (query, words) => {
    const res = await ctx.http.get<{ message: string }>(`/api/print/cover-template${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(words);
  });
});
