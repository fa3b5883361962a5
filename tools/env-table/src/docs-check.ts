// Checks that keep the documentation honest: every architecture decision the code cites is defined
// in docs/ARCHITECTURE.md, and the README stays a ten-minute read.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const WORKSPACE_ROOT = path.resolve(__dirname, '../../..');

/** The folders whose code may cite a decision. */
export const CITING_FOLDERS = [
  'libs',
  'services',
  'shell',
  'storefront',
  'checkout',
  'author-portal',
  'tools',
  'e2e',
  'bench',
  'build-config',
];
const CODE_FILE = /\.(ts|tsx|cts|mts|cjs|mjs|js)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.data', 'test-results']);
/** This checker and its spec name decisions as examples, not as citations. */
const SELF = new Set(['docs-check.ts', 'docs-check.spec.ts']);

export const README_MAX_LINES = 250;
export const README_MAX_LINE_LENGTH = 160;

/** A decision cited by the code: its number and where. */
export interface Citation {
  decision: number;
  file: string;
  line: number;
}

/**
 * The decisions `source` cites: "decision 9", "ARCHITECTURE.md decision 11", "architecture
 * decision 15", and "decisions 5 and 7" (a comment may wrap between the words).
 */
export function citationsIn(source: string, file: string): Citation[] {
  const citations: Citation[] = [];
  const pattern = /\bdecisions?\s+(\d+(?:\s*(?:,|and|&)\s*\d+)*)/gi;
  for (const match of source.matchAll(pattern)) {
    const line = source.slice(0, match.index).split('\n').length;
    for (const number of (match[1] ?? '').match(/\d+/g) ?? []) {
      citations.push({ decision: Number(number), file, line });
    }
  }
  return citations;
}

/** The numbers of the decisions ARCHITECTURE.md defines: its `### N. Title` headings, in order. */
export function definedDecisions(architecture: string): number[] {
  return [...architecture.matchAll(/^### (\d+)\. \S/gm)].map((match) => Number(match[1]));
}

/** Every code file under `folder` (relative to `root`), skipping dependencies and build output. */
function codeFiles(root: string, folder: string): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(child);
      } else if (CODE_FILE.test(entry.name) && !SELF.has(entry.name)) {
        files.push(child);
      }
    }
  };
  walk(folder);
  return files;
}

/** Every decision citation in the repository's code. */
export function codeCitations(root: string = WORKSPACE_ROOT): Citation[] {
  return CITING_FOLDERS.flatMap((folder) => codeFiles(root, folder)).flatMap((file) =>
    citationsIn(readFileSync(path.join(root, file), 'utf8'), file),
  );
}

/** What breaks the README's limits: too many lines, or a line outside a code block too wide. */
export function readmeProblems(readme: string): string[] {
  const lines = readme.replace(/\n$/, '').split('\n');
  const problems: string[] = [];
  if (lines.length > README_MAX_LINES) {
    problems.push(`README.md has ${lines.length} lines (at most ${README_MAX_LINES})`);
  }
  let inCode = false;
  lines.forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      inCode = !inCode;
      return;
    }
    const length = [...line].length;
    if (!inCode && length > README_MAX_LINE_LENGTH) {
      problems.push(
        `README.md line ${index + 1} has ${length} characters (at most ${README_MAX_LINE_LENGTH})`,
      );
    }
  });
  return problems;
}
