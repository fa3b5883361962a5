import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A group file: `suites-<n>.e2e-group.ts`, beside the suites it runs. */
const GROUP_FILE = /^suites-\d+\.e2e-group\.ts$/;
const SUITE_FILE = /\.e2e-spec\.ts$/;

/**
 * The integration suites (`*.e2e-spec.ts`) of `groupFile`'s folder that this group runs: the
 * folder's suites in name order, dealt round the folder's group files like cards, so that every
 * suite is in exactly one group however many group files there are.
 */
export function suitesOfGroup(
  groupFile: string,
  files = readdirSync(dirname(groupFile)),
): string[] {
  const groups = files.filter((file) => GROUP_FILE.test(file)).sort();
  const index = groups.indexOf(basename(groupFile));
  if (index < 0) throw new Error(`${groupFile} is not a group file (suites-<n>.e2e-group.ts)`);
  return files
    .filter((file) => SUITE_FILE.test(file))
    .sort()
    .filter((_, position) => position % groups.length === index);
}

/**
 * Runs this group's suites in one Jest test file, each under a `describe` of its own name (its
 * hooks stay its own). Jest evaluates every module again for each test file, and for these suites
 * that was ~1.5–2 CPU-s a suite (NestJS, mongoose and the app's modules) before any test ran:
 * `npm test` runs the groups (`JEST_SUITE_GROUPS=1`), and a suite named on its own runs alone.
 */
export function runSuiteGroup(groupFile: string): void {
  const folder = dirname(groupFile);
  for (const suite of suitesOfGroup(groupFile)) {
    describe(suite, () => {
      // Jest's own require: the suite registers its tests and hooks inside this describe.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(join(folder, suite));
    });
  }
}
