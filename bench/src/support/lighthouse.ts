/**
 * Lighthouse under mobile emulation, shared by the page benchmarks: a Chromium started once, runs
 * repeated and the median kept, and the figures the reports print.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEdgeServer } from '@mechabrim/edge';

/** BENCH_SAVE_DIR: every run's whole Lighthouse report is written there, to see where time went. */
const SAVE_DIR = process.env.BENCH_SAVE_DIR;
if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
process.env.CHROME_PATH = CHROME_PATH;
export const LCP_BUDGET_MS = 2000;
/** `--runs N` (or BENCH_RUNS): Lighthouse runs a page, the median kept. Default 3. */
export const RUNS = Number(runsArgument() ?? process.env.BENCH_RUNS ?? 3);

function runsArgument(): string | undefined {
  const args = process.argv.slice(2);
  const at = args.findIndex((arg) => arg === '--runs' || arg.startsWith('--runs='));
  if (at < 0) return undefined;
  const arg = args[at] ?? '';
  return arg.includes('=') ? arg.slice('--runs='.length) : args[at + 1];
}

/** The machine's load average (1, 5, 15 minutes) and its cores, for a run's report. */
export function loadAverage(): string {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  return `load average ${one}, ${five}, ${fifteen} (${os.cpus().length} cores)`;
}

export interface FloorPage {
  url: string;
  close(): Promise<void>;
}

/**
 * The floor: a static page with one heading and one 2:3 cover (a book page without any script),
 * served by the edge's static server as the store's pages are — the LCP this machine and
 * emulation allow.
 */
export async function startFloorPage(): Promise<FloorPage> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mb-bench-static-'));
  writeFileSync(
    path.join(dir, 'cover.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600"><rect width="400" height="600" fill="#a4431d"/></svg>',
  );
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="he" dir="rtl"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>בסיס</title><h1>עמוד בסיס</h1><img src="/cover.svg" width="400" height="600" alt="כריכה"></html>',
  );
  const server = await startEdgeServer({ dir, port: 0, host: '127.0.0.1' });
  return {
    url: `${server.url}/`,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface LighthouseFigures {
  lcp: number;
  cls: number;
  fcp: number;
  tbt: number;
  score: number;
  /** The LCP element and the elements that shifted, for the report. */
  lcpElement: string;
  /** Where the LCP time went (`lcpPhasesOf`). */
  lcpPhases: string;
  shifts: string[];
}

type AuditNode = { snippet?: string; selector?: string };
type AuditDetails = {
  items?: {
    items?: { node?: AuditNode; phase?: string; timing?: number }[];
    node?: AuditNode;
    score?: number;
  }[];
};

function lcpElementOf(details: AuditDetails | undefined): string {
  const node = details?.items?.[0]?.items?.[0]?.node ?? details?.items?.[0]?.node;
  return node?.selector ?? node?.snippet ?? '?';
}

/**
 * Where the LCP time went, as Lighthouse 12 splits it: time to first byte, the delay before the
 * LCP resource started loading, its load time, and the delay from loaded to painted.
 */
function lcpPhasesOf(details: AuditDetails | undefined): string {
  const phases = details?.items?.find((table) => table.items?.some((row) => row.phase))?.items;
  return (phases ?? [])
    .map((row) => `${row.phase ?? '?'} ${Math.round(row.timing ?? 0)} ms`)
    .join(', ');
}

function shiftsOf(details: AuditDetails | undefined): string[] {
  return (details?.items ?? [])
    .slice(0, 4)
    .map(
      (item) =>
        `${(item.score ?? 0).toFixed(3)} ${item.node?.selector ?? item.node?.snippet ?? '?'}`,
    );
}

export type RunLighthouse = (
  url: string,
  flags: object,
  config?: object,
) => Promise<
  | {
      lhr: {
        categories: { performance: { score: number } };
        audits: Record<string, { numericValue?: number; details?: AuditDetails }>;
      };
    }
  | undefined
>;

/** Throttling profiles: Lighthouse's default mobile run, and the same emulation without throttling. */
export const PROFILES: [string, object | undefined][] = [
  ['simulated slow 4G, 4× CPU', undefined],
  ['no throttling', { extends: 'lighthouse:default', settings: { throttlingMethod: 'provided' } }],
];

export interface LighthouseBrowser {
  run: RunLighthouse;
  /** The DevTools port, for a second client (Playwright over CDP) to prepare pages. */
  port: number;
  close(): Promise<void>;
}

/**
 * Starts Debian's Chromium for Lighthouse (headless, no sandbox, no background traffic);
 * `acceptSelfSigned` for pages behind a bench's TLS front (support/tls-front.ts).
 */
export async function startLighthouseBrowser({
  acceptSelfSigned = false,
}: { acceptSelfSigned?: boolean } = {}): Promise<LighthouseBrowser> {
  const { default: run } = (await import('lighthouse')) as unknown as { default: RunLighthouse };
  const chromeLauncher = (await import('chrome-launcher')) as unknown as {
    launch(o: {
      chromePath: string;
      chromeFlags: string[];
    }): Promise<{ port: number; kill(): Promise<void> | void }>;
  };
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      ...(acceptSelfSigned ? ['--ignore-certificate-errors'] : []),
    ],
  });
  return {
    run,
    port: chrome.port,
    close: async () => {
      await chrome.kill();
    },
  };
}

/** One Lighthouse run against one page, its figures kept. */
export async function lighthouseRun(
  browser: Pick<LighthouseBrowser, 'run' | 'port'>,
  url: string,
  config?: object,
): Promise<LighthouseFigures> {
  const result = await browser.run(
    url,
    { port: browser.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    config,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (SAVE_DIR) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
    writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(result.lhr));
  }
  const a = result.lhr.audits;
  return {
    lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
    cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
    fcp: a['first-contentful-paint']?.numericValue ?? NaN,
    tbt: a['total-blocking-time']?.numericValue ?? NaN,
    score: result.lhr.categories.performance.score,
    lcpElement: lcpElementOf(a['largest-contentful-paint-element']?.details),
    lcpPhases: lcpPhasesOf(a['largest-contentful-paint-element']?.details),
    shifts: shiftsOf(a['layout-shifts']?.details),
  };
}

/** The median run by LCP, as Lighthouse's own guidance suggests for noisy machines. */
export function medianByLcp(runs: readonly LighthouseFigures[]): LighthouseFigures {
  const sorted = [...runs].sort((x, y) => x.lcp - y.lcp);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return median;
}

/**
 * Lighthouse `RUNS` times against one page; the median run by LCP. `beforeEachRun` prepares the
 * browser (e.g. a signed-in session).
 */
export async function lighthouseRuns(
  browser: Pick<LighthouseBrowser, 'run' | 'port'>,
  url: string,
  config?: object,
  beforeEachRun?: () => Promise<void>,
): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  for (let i = 0; i < RUNS; i++) {
    await beforeEachRun?.();
    runs.push(await lighthouseRun(browser, url, config));
  }
  return medianByLcp(runs);
}

/** One line of the report's table. */
export function figuresRow(name: string, f: LighthouseFigures, miss: boolean): string {
  const cells = [
    name.slice(0, 28).padEnd(28),
    Math.round(f.lcp).toString().padStart(8),
    ` ${f.cls.toFixed(3)}`,
    Math.round(f.fcp).toString().padStart(8),
    Math.round(f.tbt).toString().padStart(8),
    Math.round(f.score * 100)
      .toString()
      .padStart(5),
  ];
  return `  ${cells.join('  ')}${miss ? '  ← over target' : ''}`;
}

export const FIGURES_HEADER =
  '  page                          LCP (ms)   CLS     FCP (ms)  TBT (ms)  score';
