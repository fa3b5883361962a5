import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PreflightCheck } from '@mechabrim/contracts';
import { coverPdf, interiorPdf } from '@mechabrim/testing';
import { runPdfJob, type PdfJobResult } from './pdf/pdf-job';
import { coverChecks, interiorChecks, type BookPrintOptions } from './preflight-checks';
import { pagesHe } from './preflight.strings.he';

const RTL_A5: BookPrintOptions = { size: 'A5', paper: '80g', direction: 'rtl' };
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'preflight-checks-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function inspect(pdf: Buffer): Promise<PdfJobResult> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  return runPdfJob({ pdfPath: file });
}

function byId(checks: PreflightCheck[]): Record<string, PreflightCheck> {
  return Object.fromEntries(checks.map((c) => [c.id, c]));
}

describe('interior checks', () => {
  it('passes a right-to-left A5 book with bleed, embedded fonts and a 300 DPI image', async () => {
    const checks = byId(
      interiorChecks(await inspect(await interiorPdf({ pages: 40, imageDpi: 300 })), RTL_A5),
    );
    expect(Object.values(checks).map((c) => [c.id, c.status])).toEqual([
      ['interior.opens', 'pass'],
      ['interior.page-count', 'pass'],
      ['interior.page-size', 'pass'],
      ['interior.fonts-embedded', 'pass'],
      ['interior.image-resolution', 'pass'],
      ['interior.even-page-count', 'pass'],
      ['interior.first-page-right', 'pass'],
    ]);
    expect(checks['interior.page-size']?.measured).toBe('154×216 מ״מ בכל 40 העמודים');
    expect(checks['interior.image-resolution']?.measured).toContain('300 DPI');
    expect(Object.values(checks).every((c) => c.fix === '')).toBe(true);
  });

  it('fails pages without bleed, fonts not embedded and a 150 DPI image, each with a fix', async () => {
    const checks = byId(
      interiorChecks(
        await inspect(
          await interiorPdf({ pages: 40, bleed: false, embedFonts: false, imageDpi: 150 }),
        ),
        RTL_A5,
      ),
    );
    expect(checks['interior.page-size']).toMatchObject({ status: 'fail' });
    expect(checks['interior.page-size']?.measured).toContain('148×210');
    expect(checks['interior.page-size']?.fix).toContain('bleed של 3 מ״מ');
    expect(checks['interior.fonts-embedded']).toMatchObject({ status: 'fail' });
    expect(checks['interior.fonts-embedded']?.measured).toContain('Helvetica');
    expect(checks['interior.image-resolution']).toMatchObject({ status: 'fail' });
    expect(checks['interior.image-resolution']?.measured).toContain('150 DPI (עמוד 2)');
  });

  it('names the page of another size', async () => {
    const checks = byId(
      interiorChecks(await inspect(await interiorPdf({ pages: 40, oddSizedPage: 7 })), RTL_A5),
    );
    expect(checks['interior.page-size']).toMatchObject({
      status: 'fail',
      measured: 'עמוד 7: 148×210 מ״מ',
    });
  });

  it('asks a right-to-left book for an even page count and a single first page; not a left-to-right one', async () => {
    const odd = await inspect(await interiorPdf({ pages: 33, firstPageSpread: true }));
    const rtl = byId(interiorChecks(odd, RTL_A5));
    expect(rtl['interior.even-page-count']).toMatchObject({
      status: 'fail',
      measured: '33 עמודים',
    });
    expect(rtl['interior.first-page-right']).toMatchObject({
      status: 'fail',
      measured: 'כפולת עמודים',
    });
    const ltr = byId(interiorChecks(odd, { ...RTL_A5, direction: 'ltr' }));
    expect(ltr['interior.even-page-count']).toBeUndefined();
    expect(ltr['interior.first-page-right']).toBeUndefined();
  });

  it('fails a too short book and the 13.5 cm trim on an A5 file', async () => {
    const short = byId(interiorChecks(await inspect(await interiorPdf({ pages: 8 })), RTL_A5));
    expect(short['interior.page-count']).toMatchObject({ status: 'fail', measured: '8 עמודים' });
    const narrow = byId(
      interiorChecks(await inspect(await interiorPdf({ pages: 40 })), {
        ...RTL_A5,
        size: '135x210',
      }),
    );
    expect(narrow['interior.page-size']?.status).toBe('fail');
  });

  it('reports a file that does not open and nothing else', async () => {
    const checks = interiorChecks(await inspect(Buffer.from('GIF89a not a pdf')), RTL_A5);
    expect(checks).toEqual([
      expect.objectContaining({ id: 'interior.opens', status: 'fail', measured: 'אינו PDF' }),
    ]);
    expect(checks[0]?.fix).not.toBe('');
  });
});

describe('page counts in Hebrew', () => {
  it('agree in number: one page, two pages, n pages', async () => {
    expect([1, 2, 3, 40].map(pagesHe)).toEqual(['עמוד אחד', 'שני עמודים', '3 עמודים', '40 עמודים']);
    const one = byId(interiorChecks(await inspect(await interiorPdf({ pages: 1 })), RTL_A5));
    expect(one['interior.opens']?.measured).toBe('PDF תקין, עמוד אחד');
    expect(one['interior.page-count']?.measured).toBe('עמוד אחד');
    expect(one['interior.page-size']?.measured).toBe('154×216 מ״מ בעמוד היחיד');
    expect(one['interior.fonts-embedded']?.measured).toBe('גופן אחד, מוטמע');
    const two = byId(interiorChecks(await inspect(await interiorPdf({ pages: 2 })), RTL_A5));
    expect(two['interior.opens']?.measured).toBe('PDF תקין, שני עמודים');
    expect(two['interior.page-size']?.measured).toBe('154×216 מ״מ בשני העמודים');
  });
});

describe('cover checks', () => {
  const spreadOf = (overrides: Partial<Parameters<typeof coverPdf>[0]> = {}) =>
    coverPdf({ pages: 200, size: 'A5', paper: '80g', direction: 'rtl', ...overrides });

  it('passes a right-to-left spread of the right size with the front on the left and spine text on a 10 mm spine', async () => {
    const checks = byId(
      coverChecks(await inspect(await spreadOf({ spineText: true })), RTL_A5, 200),
    );
    expect(Object.values(checks).map((c) => [c.id, c.status])).toEqual([
      ['cover.opens', 'pass'],
      ['cover.single-spread', 'pass'],
      ['cover.spread-size', 'pass'],
      ['cover.spine-width', 'pass'],
      ['cover.front-side', 'pass'],
      ['cover.spine-text', 'pass'],
    ]);
    expect(checks['cover.spread-size']?.measured).toBe('312×216 מ״מ');
    expect(checks['cover.front-side']?.measured).toBe('משמאל לשדרה (לפי הכותרת)');
  });

  it('fails a right-to-left cover whose front is on the right, judged by the title or by the image', async () => {
    const byTitle = byId(
      coverChecks(await inspect(await spreadOf({ frontOn: 'right' })), RTL_A5, 200),
    );
    expect(byTitle['cover.front-side']).toMatchObject({
      status: 'fail',
      measured: 'מימין לשדרה (לפי הכותרת)',
    });
    expect(byTitle['cover.front-side']?.explanation).toContain('משמאל לשדרה');
    const byImage = byId(
      coverChecks(
        await inspect(await spreadOf({ frontOn: 'right', imageOnly: true })),
        RTL_A5,
        200,
      ),
    );
    expect(byImage['cover.front-side']).toMatchObject({
      status: 'fail',
      measured: 'מימין לשדרה (לפי התמונה)',
    });
  });

  it('accepts the front on the right for a left-to-right book', async () => {
    const ltr = { ...RTL_A5, direction: 'ltr' as const };
    const checks = byId(coverChecks(await inspect(await spreadOf({ direction: 'ltr' })), ltr, 200));
    expect(checks['cover.front-side']?.status).toBe('pass');
  });

  it('fails a spine drawn for another page count and spine text on a narrow spine', async () => {
    // Drawn for 200 pages (10 mm spine), but the interior has 100 (5 mm): too wide.
    const wide = byId(coverChecks(await inspect(await spreadOf()), RTL_A5, 100));
    expect(wide['cover.spread-size']).toMatchObject({
      status: 'fail',
      expected: '307×216 מ״מ (±1)',
    });
    expect(wide['cover.spine-width']).toMatchObject({ status: 'fail', measured: '10 מ״מ' });
    const narrow = byId(
      coverChecks(await inspect(await spreadOf({ pages: 100, spineText: true })), RTL_A5, 100),
    );
    expect(narrow['cover.spine-width']?.status).toBe('pass');
    expect(narrow['cover.spine-text']).toMatchObject({
      status: 'fail',
      measured: 'יש טקסט על השדרה',
    });
  });

  it('says a lone front cover is not a spread: no negative spine, and nothing it cannot check passes', async () => {
    // An A5 page (148 mm wide) where a 312 mm spread belongs, its title on the left.
    const front = await inspect(await spreadOf({ widthMm: 148 }));
    const checks = byId(coverChecks(front, RTL_A5, 200));
    expect(Object.values(checks).map((c) => [c.id, c.status])).toEqual([
      ['cover.opens', 'pass'],
      ['cover.single-spread', 'pass'],
      ['cover.spread-size', 'fail'],
      ['cover.spine-width', 'fail'],
      ['cover.front-side', 'warn'],
      ['cover.spine-text', 'warn'],
    ]);
    expect(checks['cover.spine-width']?.measured).toBe('עמוד בודד של 148×216 מ״מ, לא כריכה פרוסה');
    expect(checks['cover.spine-width']?.explanation).toContain('אין בה שדרה למדוד');
    expect(checks['cover.spine-width']?.fix).toContain('עמוד פרוס אחד');
    expect(checks['cover.front-side']?.measured).toBe('לא נבדק');
    expect(checks['cover.spine-text']?.measured).toBe('לא נבדק');
    for (const c of Object.values(checks)) expect(c.measured).not.toMatch(/-\d/);
    // Without the interior's page count, the same plain words instead of a negative width.
    const unknown = byId(coverChecks(front, RTL_A5, null));
    expect(unknown['cover.spine-width']).toMatchObject({
      status: 'fail',
      measured: 'עמוד בודד של 148×216 מ״מ, לא כריכה פרוסה',
    });
  });

  it('warns about a cover file of several pages', async () => {
    const checks = byId(
      coverChecks(await inspect(await spreadOf({ pagesInFile: 2 })), RTL_A5, 200),
    );
    expect(checks['cover.single-spread']).toMatchObject({ status: 'warn', measured: 'שני עמודים' });
  });
});
