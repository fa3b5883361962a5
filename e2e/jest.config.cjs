const path = require('path');
const { esmPackages } = require('../build-config/jest/node.cjs');

/**
 * Browser journeys: real Chromium (/usr/bin/chromium) against real servers on free ports.
 * One at a time (the machine has 2 cores and each journey runs a browser and several servers; two
 * side by side each took twice as long).
 * Screenshots of failures and checkpoints go to e2e/test-results/.
 * @type {import('jest').Config}
 */
module.exports = {
  ...require('../build-config/jest/preset.cjs'),
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['**/*.e2e.ts'],
  testEnvironment: 'node',
  // The journeys start services/edge in-process (a redeployed remote); some of its packages
  // are published as ES modules only.
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  // The demo data is seeded once; each journey's stack starts from a copy (src/support/seeded-data.ts).
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 180_000,
  slowTestThreshold: 60,
};
// Used by src/support/browser.ts.
process.env.E2E_RESULTS_DIR ??= path.join(__dirname, 'test-results');
