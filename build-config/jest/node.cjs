// Jest settings for Node projects that load NestJS 12 (published as ES modules only).
// Jest's CommonJS runtime cannot require ESM on Node 20, so SWC also compiles those packages.
// Workspace libraries resolve to their TypeScript source through the tsconfig paths.
const path = require('path');

const root = path.resolve(__dirname, '../..');
const { compilerOptions } = require(path.join(root, 'tsconfig.base.json'));

/** ESM-only packages that Jest must transform to CommonJS. */
const esmPackages = [
  '@nestjs',
  '@fastify',
  'fastify',
  'uid',
  'file-type',
  '@tokenizer',
  '@borewit',
  'uint8array-extras',
  'strtok3',
  'token-types',
  'peek-readable',
  'content-disposition',
];

const moduleNameMapper = {};
for (const [name, [target]] of Object.entries(compilerOptions.paths ?? {})) {
  moduleNameMapper[`^${name.replace('/', '\\/')}$`] = path.join(root, target);
}

/**
 * @param {string} projectDir absolute folder of the project
 * @param {import('jest').Config} [overrides]
 * @returns {import('jest').Config}
 */
function nodeProjectConfig(projectDir, overrides = {}) {
  return {
    preset: path.join(__dirname, 'preset.cjs'),
    rootDir: projectDir,
    testEnvironment: 'node',
    // These projects' specs start real servers and processes; on a busy 2-core run Jest's default
    // 5 s has timed such a case out (the edge's sitemap split, the launcher's Redis). A project
    // that needs longer says so.
    testTimeout: 30_000,
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
    moduleNameMapper,
    ...overrides,
  };
}

/**
 * The test files of a project's integration suites (`test/*.e2e-spec.ts`): each suite on its own,
 * or, with `JEST_SUITE_GROUPS=1` (`npm test`'s whole run), the group files that run them a few to a
 * test file (`test/suites-<n>.e2e-group.ts`, @mechabrim/testing's `runSuiteGroup`).
 * @param {string} projectDir absolute folder of the project
 * @returns {string[]}
 */
function integrationSuites(projectDir) {
  const suites = process.env.JEST_SUITE_GROUPS === '1' ? 'suites-*.e2e-group.ts' : '*.e2e-spec.ts';
  return [path.join(projectDir, 'test', suites)];
}

/** A group file's path, as `integrationSuites` names them (the test sequencer puts them first). */
const SUITE_GROUP_FILE = /\.e2e-group\.ts$/;

module.exports = {
  nodeProjectConfig,
  integrationSuites,
  SUITE_GROUP_FILE,
  esmPackages,
  moduleNameMapper,
};
