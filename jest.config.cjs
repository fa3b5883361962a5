// Every project's unit and integration tests in one Jest run (`npm test` runs it with
// --maxWorkers=2). Projects are found, not listed: each workspace folder with a jest.config.cjs.
// The browser journeys (e2e/) run separately, in band, after the build.
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { workspaceFolders } = require('./build-config/workspace-folders.cjs');

const EXCLUDED = new Set(['e2e']);
const PROJECT_TIMEOUT = join(__dirname, 'tools/test-runner/jest-project-timeout.cjs');

/**
 * A project's configuration as it runs inside this multi-project run. `testTimeout` (and
 * `maxWorkers`) are top-level options that Jest ignores in a project, so the project's timeout
 * travels as a global applied by a setup file.
 */
function asProject(file) {
  const { testTimeout, maxWorkers: _maxWorkers, ...config } = require(file);
  if (testTimeout === undefined) return config;
  return {
    ...config,
    globals: { ...config.globals, __PROJECT_TEST_TIMEOUT__: testTimeout },
    setupFilesAfterEnv: [...(config.setupFilesAfterEnv ?? []), PROJECT_TIMEOUT],
  };
}

const projects = workspaceFolders(__dirname)
  .filter((folder) => !EXCLUDED.has(folder))
  .map((folder) => join(__dirname, folder, 'jest.config.cjs'))
  .filter((file) => existsSync(file))
  .sort()
  .map(asProject);

/** @type {import('jest').Config} */
module.exports = { projects, testSequencer: join(__dirname, 'build-config/jest/groups-first.cjs') };
