import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  citationsIn,
  codeCitations,
  definedDecisions,
  README_MAX_LINES,
  readmeProblems,
  WORKSPACE_ROOT,
} from './docs-check';

const read = (file: string) => readFileSync(path.join(WORKSPACE_ROOT, file), 'utf8');

describe('docs/ARCHITECTURE.md', () => {
  const defined = definedDecisions(read('docs/ARCHITECTURE.md'));

  it('numbers its decisions from 1, in order, each once (17 today)', () => {
    expect(defined.length).toBeGreaterThanOrEqual(17);
    expect(defined).toEqual(Array.from({ length: defined.length }, (_, index) => index + 1));
  });

  it('defines every decision the code cites', () => {
    const citations = codeCitations();
    // The code cites decisions today (libs/money, libs/db, the API, the worker, the simulators).
    expect(citations.length).toBeGreaterThan(10);
    const unresolved = citations
      .filter(({ decision }) => !defined.includes(decision))
      .map(({ decision, file, line }) => `${file}:${line} cites decision ${decision}`);
    expect(unresolved).toEqual([]);
  });
});

describe('citationsIn', () => {
  it('finds a citation wrapped across comment lines, bare ones and lists', () => {
    const source = [
      '/**',
      ' * The ledger (ARCHITECTURE.md',
      ' * decision 6 and issue 11).',
      ' */',
      '// Retries (decision 7); see architecture decisions 5 and 13.',
    ].join('\n');
    expect(citationsIn(source, 'x.ts')).toEqual([
      { decision: 6, file: 'x.ts', line: 3 },
      { decision: 7, file: 'x.ts', line: 5 },
      { decision: 5, file: 'x.ts', line: 5 },
      { decision: 13, file: 'x.ts', line: 5 },
    ]);
  });
});

describe('definedDecisions', () => {
  it('reads the numbered decision headings only', () => {
    const page = '## Decisions\n\n### 1. One\n\ntext 2. not\n\n### 3. Three\n#### 4. deeper\n';
    expect(definedDecisions(page)).toEqual([1, 3]);
  });
});

describe('the README', () => {
  it('is a ten-minute read: at most 250 lines, none outside code blocks over 160 characters', () => {
    expect(readmeProblems(read('README.md'))).toEqual([]);
  });

  it('names the test command CI runs (.ci/run runs exactly `npm test`)', () => {
    expect(read('README.md')).toContain('npm test ');
    expect(read('.ci/run').trim().split('\n').at(-1)).toBe('npm test');
  });
});

describe('readmeProblems', () => {
  it('counts the lines and measures only lines outside code blocks, in characters', () => {
    const wide = 'א'.repeat(161);
    const readme = ['# Title', '```', 'x'.repeat(300), '```', wide, 'ok'].join('\n');
    expect(readmeProblems(readme)).toEqual(['README.md line 5 has 161 characters (at most 160)']);
    expect(readmeProblems('line\n'.repeat(README_MAX_LINES))).toEqual([]);
    expect(readmeProblems('line\n'.repeat(README_MAX_LINES + 1))).toEqual([
      `README.md has ${README_MAX_LINES + 1} lines (at most ${README_MAX_LINES})`,
    ]);
  });
});
