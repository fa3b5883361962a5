// `npm test`'s type check and lint in one process over one TypeScript program: the root
// tsconfig.json's, which `npm run typecheck` checks and ESLint's typed rules read
// (eslint.config.mjs). Run apart, each built and checked the whole tree's program for itself;
// here the type check builds and checks it once and ESLint is given that program
// (typescript-eslint's `parserOptions.programs`), so its typed rules find every type already
// checked. Measured alone on a 2-core machine (2026-12-02): `eslint .` 102–120 s and 141–161
// CPU-s, `tsc` 44 s and 62; the two here 111 s and 155. `npm run lint` and `npm run typecheck`
// stay the commands to run while working.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { ESLint } from 'eslint';
import { LINT_ERRORS, TYPE_ERRORS } from './check-bits';
import { seconds } from './results';

const ROOT = resolve(__dirname, '../../..');

const outcome = (errors: number) =>
  errors === 0 ? 'ok' : `FAILED (${errors} error${errors === 1 ? '' : 's'})`;

/** The root program, with `tsc -p tsconfig.json --noEmit --ignoreDeprecations 6.0`'s options. */
function rootProgram(): ts.Program {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    resolve(ROOT, 'tsconfig.json'),
    // TypeScript 6 flags tsconfig.base.json's `baseUrl` as deprecated for 7.0 (every project
    // tsconfig silences it the same way).
    { noEmit: true, ignoreDeprecations: '6.0' },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('tsconfig.json could not be read');
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
}

/** Prints the program's diagnostics as `tsc` does; returns how many there are. */
function typeCheck(program: ts.Program): number {
  const start = Date.now();
  // Everything `tsc --noEmit` reports: the configuration's, the options', syntax, global and
  // semantic diagnostics. Like tsc, any of them fails the check.
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => ROOT,
    getNewLine: () => '\n',
  };
  if (diagnostics.length > 0) {
    const format = process.stdout.isTTY
      ? ts.formatDiagnosticsWithColorAndContext
      : ts.formatDiagnostics;
    process.stdout.write(format(diagnostics, host));
  }
  process.stdout.write(`━━ type check: ${outcome(diagnostics.length)} in ${seconds(start)}\n`);
  return diagnostics.length;
}

/** `eslint .` with the typed rules reading `program`; resolves with how many errors it found. */
async function lint(program: ts.Program): Promise<number> {
  const start = Date.now();
  // The same globs as the configuration's typed block, read from it so the two cannot drift.
  const { typeScriptFiles, lintFixtures } = (await import(
    pathToFileURL(join(ROOT, 'eslint.config.mjs')).href
  )) as { typeScriptFiles: string[]; lintFixtures: string };
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: [
      {
        files: typeScriptFiles,
        ignores: [lintFixtures],
        languageOptions: { parserOptions: { programs: [program], project: null } },
        // import-x's no-cycle parses the files an import leads to with these parser options,
        // `programs` included; a JavaScript file is in no program, so it gets a parser that
        // needs none (as it did when the options named a project, which import-x leaves out).
        settings: { 'import-x/parsers': { espree: ['.js', '.jsx', '.cjs', '.mjs'] } },
      },
    ],
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  process.stdout.write(await formatter.format(results));
  const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
  process.stdout.write(
    `━━ lint: ${outcome(errors)} in ${seconds(start)} (${results.length} files)\n`,
  );
  return errors;
}

/**
 * Type check, then lint on the same program (lint runs whatever the type check found). Resolves
 * with the exit code: 0, or TYPE_ERRORS and LINT_ERRORS or'd together.
 */
export async function checkTypesAndLint(): Promise<number> {
  const start = Date.now();
  const program = rootProgram();
  process.stdout.write(
    `━━ the program: ${program.getRootFileNames().length} root files read in ${seconds(start)}\n`,
  );
  const typeErrors = typeCheck(program);
  const lintErrors = await lint(program);
  return (typeErrors > 0 ? TYPE_ERRORS : 0) | (lintErrors > 0 ? LINT_ERRORS : 0);
}

if (require.main === module) {
  // @nx/enforce-module-boundaries reads Nx's project graph once only when it believes the ESLint
  // command runs it (it matches the script's path, process.argv[1]); anywhere else it reads the
  // graph again for every file: 27 s of a 91 s lint.
  process.argv[1] = join(ROOT, 'node_modules/eslint/bin/eslint.js');
  checkTypesAndLint().then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      // Neither check could report: both count as failed.
      process.exitCode = TYPE_ERRORS | LINT_ERRORS;
    },
  );
}
