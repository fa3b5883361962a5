import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// Runs the real ESLint CLI with the repository's eslint.config.mjs, as `npm run lint` does, on
// files that each break one rule. The fixtures sit in `__lint_fixtures__` folders, which the
// config ignores, so the normal run stays green; `--no-ignore` lints them here.

const run = promisify(execFile);
const workspaceRoot = path.resolve(__dirname, '../../..');
const eslintBin = path.join(workspaceRoot, 'node_modules/eslint/bin/eslint.js');

interface LintMessage {
  ruleId: string | null;
  message: string;
  line: number;
}
interface LintResult {
  filePath: string;
  messages: LintMessage[];
}

const fixtures = {
  appToApp: 'shell/__lint_fixtures__/app-to-app.ts',
  libToApp: 'libs/ui/__lint_fixtures__/lib-to-app.ts',
  crossFeature: 'tools/lint-fixtures/__lint_fixtures__/front-end/src/features/home/home-title.ts',
  floatingPromise: 'tools/lint-fixtures/__lint_fixtures__/floating-promise.ts',
  importCycle: 'tools/lint-fixtures/__lint_fixtures__/cycle-order.ts',
  hebrewCopy: 'tools/lint-fixtures/__lint_fixtures__/strings.he.ts',
  dishonestTests: 'tools/lint-fixtures/__lint_fixtures__/dishonest.spec.ts',
  longModule: 'tools/lint-fixtures/__lint_fixtures__/long-module.ts',
  longFunction: 'tools/lint-fixtures/__lint_fixtures__/long-function.ts',
} as const;

async function eslint(args: string[]): Promise<LintResult[]> {
  try {
    const { stdout } = await run(process.execPath, [eslintBin, '--format', 'json', ...args], {
      cwd: workspaceRoot,
      maxBuffer: 16 * 1024 * 1024,
    });
    return JSON.parse(stdout) as LintResult[];
  } catch (error) {
    // ESLint exits 1 when it found errors: that is the answer we want, still on stdout.
    const stdout = (error as { stdout?: string }).stdout;
    if (!stdout) throw error;
    return JSON.parse(stdout) as LintResult[];
  }
}

let results: Map<string, LintMessage[]>;

beforeAll(async () => {
  const answer = await eslint(['--no-ignore', ...Object.values(fixtures)]);
  results = new Map(
    answer.map((result) => [path.relative(workspaceRoot, result.filePath), result.messages]),
  );
}, 240_000);

function messagesOf(fixture: string): LintMessage[] {
  const messages = results.get(fixture);
  if (!messages) throw new Error(`ESLint did not report on ${fixture}`);
  return messages;
}

describe('npm run lint rejects', () => {
  it('an app importing another app, by package name or by a path into its source', () => {
    expect(messagesOf(fixtures.appToApp)).toEqual([
      expect.objectContaining({
        ruleId: '@nx/enforce-module-boundaries',
        line: 4,
        message: expect.stringContaining(
          '"type:app" can only depend on libs tagged with "type:lib"',
        ),
      }),
      expect.objectContaining({
        ruleId: '@nx/enforce-module-boundaries',
        line: 5,
        message: expect.stringContaining('cannot be imported by a relative or absolute path'),
      }),
    ]);
  });

  it('a lib importing an app', () => {
    expect(messagesOf(fixtures.libToApp)).toEqual([
      expect.objectContaining({
        ruleId: '@nx/enforce-module-boundaries',
        line: 3,
        message: expect.stringContaining('"type:lib" can only depend on libs tagged with'),
      }),
    ]);
  });

  it("a feature importing another feature's internals, and not what features share", () => {
    expect(messagesOf(fixtures.crossFeature)).toEqual([
      expect.objectContaining({
        ruleId: 'import-x/no-restricted-paths',
        line: 3,
        message: expect.stringContaining('src/shared/'),
      }),
    ]);
  });

  it('a floating promise, and not an awaited one', () => {
    expect(messagesOf(fixtures.floatingPromise)).toEqual([
      expect.objectContaining({ ruleId: '@typescript-eslint/no-floating-promises', line: 6 }),
    ]);
  });
});

describe('npm run lint also rejects', () => {
  it('tests that pass by accident, and not an honest one', () => {
    expect(
      messagesOf(fixtures.dishonestTests).map(({ ruleId, line }) => ({ ruleId, line })),
    ).toEqual([
      { ruleId: 'jest/no-focused-tests', line: 7 },
      { ruleId: 'jest/no-disabled-tests', line: 11 },
      { ruleId: 'no-restricted-syntax', line: 19 },
      { ruleId: 'jest/valid-expect', line: 24 },
    ]);
  });

  it('a product file of more than 400 lines of code, counting neither comments nor blank lines', () => {
    expect(messagesOf(fixtures.longModule)).toEqual([
      expect.objectContaining({
        ruleId: 'max-lines',
        line: 485,
        message: expect.stringContaining('too many lines (401)'),
      }),
    ]);
  });

  it('a product function of more than 80 lines of code, and not one of exactly 80', () => {
    expect(messagesOf(fixtures.longFunction)).toEqual([
      expect.objectContaining({
        ruleId: 'max-lines-per-function',
        line: 87,
        message: expect.stringContaining("'overLimit' has too many lines (81)"),
      }),
    ]);
  });

  it('two modules importing each other', () => {
    expect(messagesOf(fixtures.importCycle)).toEqual([
      expect.objectContaining({ ruleId: 'import-x/no-cycle', line: 2 }),
    ]);
  });
});

describe('npm run lint rejects in the Hebrew copy', () => {
  it('slash gender forms and an ASCII hyphen between Hebrew letters, and not a document name', () => {
    const typography = 'mechabrim/hebrew-typography';
    expect(messagesOf(fixtures.hebrewCopy)).toEqual([
      expect.objectContaining({
        ruleId: typography,
        line: 3,
        message: expect.stringContaining("'מחבר/ת'"),
      }),
      expect.objectContaining({
        ruleId: typography,
        line: 3,
        message: expect.stringContaining("'ידוע/ה'"),
      }),
      expect.objectContaining({
        ruleId: typography,
        line: 4,
        message: expect.stringContaining('maqaf'),
      }),
    ]);
  });
});

describe('the normal lint run', () => {
  it('skips the fixtures, so it stays green', async () => {
    const answer = await eslint(Object.values(fixtures));
    expect(answer).toHaveLength(Object.keys(fixtures).length);
    for (const result of answer) {
      expect(result.messages).toEqual([
        expect.objectContaining({ message: expect.stringMatching(/ignore/i) }),
      ]);
    }
  }, 120_000);
});
