import type { createBullBoard } from '@bull-board/api';
import type { FastifyAdapter as BoardAdapter } from '@bull-board/fastify';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Bull Board's `uiConfig` (its type is not among the package's exports). */
type UIConfig = NonNullable<
  NonNullable<Parameters<typeof createBullBoard>[0]['options']>['uiConfig']
>;

/** The store's Hebrew font, served with the board (our CSP lets a page load fonts from itself). */
const FONT_STACK = "'Heebo', system-ui, -apple-system, 'Segoe UI', sans-serif";
const FONT_WEIGHTS = ['400', '500', '600'] as const;
/** Where the board's page loads the font from, relative to the board (its `<base>`). */
const FONT_STYLESHEET = 'fonts/heebo/heebo.css';

// Node's own resolver at run time: the API's bundle keeps npm packages in node_modules.
const resolveFrom = (from: string, request: string) => createRequire(from).resolve(request);
const heeboDir = () => path.dirname(resolveFrom(__filename, '@fontsource/heebo/package.json'));
/** Bull Board's UI, found as Bull Board finds it (a dependency of @bull-board/api). */
const boardUiDir = () =>
  path.dirname(
    resolveFrom(resolveFrom(__filename, '@bull-board/api'), '@bull-board/ui/package.json'),
  );

/** The board's settings: our title, and its sans-serif token set to the font served beside it. */
export const QUEUE_BOARD_UI_CONFIG: UIConfig = {
  boardTitle: 'מחברים · תורי עבודה',
  theme: { light: { 'font-sans': FONT_STACK }, dark: { 'font-sans': FONT_STACK } },
};

/**
 * The edits that make Bull Board's page template ours: Hebrew and right to left, and the font
 * from our own origin instead of Google Fonts (our CSP blocks that stylesheet, and an admin's
 * page need not tell Google who opened it). Bull Board has no Hebrew translation: the page's
 * frame is Hebrew, its labels stay English.
 *
 * These are exact texts of the template of the installed @bull-board/ui (its version is locked);
 * {@link boardPageTemplate} refuses to start when one is missing, so an upgrade that changes the
 * template is noticed at once (and by test/queue-board.e2e-spec.ts) rather than served half-done.
 */
const TEMPLATE_EDITS: ReadonlyArray<{ find: string; replace: string }> = [
  { find: '<html lang="en" dir="ltr">', replace: '<html lang="he" dir="rtl">' },
  {
    find: '<link href="https://fonts.googleapis.com/css2?family=IBM+Plex+Sans:wght@400;500;600&family=IBM+Plex+Mono:wght@400;500&display=swap" rel="stylesheet">',
    replace: `<link href="${FONT_STYLESHEET}" rel="stylesheet">`,
  },
  { find: '\n    Loading\n', replace: '\n    טוען…\n' },
];

/** Bull Board's page template with {@link TEMPLATE_EDITS} made; throws if one does not apply. */
export function boardPageTemplate(template: string): string {
  return TEMPLATE_EDITS.reduce((page, { find, replace }) => {
    const at = page.indexOf(find);
    if (at < 0 || page.indexOf(find, at + 1) >= 0) {
      throw new Error(
        `The queue board's page template changed (@bull-board/ui upgraded?): "${find.trim()}" is not in it once; update TEMPLATE_EDITS in queue-board-page.ts`,
      );
    }
    return page.slice(0, at) + replace + page.slice(at + find.length);
  }, template);
}

/**
 * Points the board at our edited copy of its page template (Bull Board renders a template file by
 * name from a views folder), written to a temporary folder — the data folder may be read-only in
 * production. Returns what removes the folder (when the server closes).
 */
export async function useHebrewBoardPage(board: BoardAdapter): Promise<() => Promise<void>> {
  const template = await readFile(path.join(boardUiDir(), 'dist', 'index.ejs'), 'utf8');
  const viewsDir = await mkdtemp(path.join(tmpdir(), 'mechabrim-queue-board-'));
  await writeFile(path.join(viewsDir, 'index.ejs'), boardPageTemplate(template));
  board.setViewsPath(viewsDir);
  return () => rm(viewsDir, { recursive: true, force: true });
}

const FONT_FILE = /^heebo-[a-z-]+-(?:400|500|600)-normal\.woff2?$/;

/**
 * Serves the board's font under `prefix` (inside the board's scope, so behind its session):
 * @fontsource's Heebo faces, each subset a file the browser fetches only when a page uses it.
 */
export async function registerBoardFonts(scope: FastifyInstance, prefix: string): Promise<void> {
  const fontDir = heeboDir();
  // @fontsource's stylesheets name their files `./files/…`, which resolves beside this one.
  const stylesheet = (
    await Promise.all(
      FONT_WEIGHTS.map((weight) => readFile(path.join(fontDir, `${weight}.css`), 'utf8')),
    )
  ).join('\n');
  scope.get(`${prefix}/${FONT_STYLESHEET}`, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'private, max-age=86400')
      .send(stylesheet),
  );
  scope.get<{ Params: { file: string } }>(
    `${prefix}/fonts/heebo/files/:file`,
    async (request, reply) => {
      const { file } = request.params;
      if (!FONT_FILE.test(file)) return reply.callNotFound();
      let font: Buffer;
      try {
        font = await readFile(path.join(fontDir, 'files', file));
      } catch {
        return reply.callNotFound();
      }
      return reply
        .type(file.endsWith('.woff2') ? 'font/woff2' : 'font/woff')
        .header('cache-control', 'private, max-age=86400')
        .send(font);
    },
  );
}
