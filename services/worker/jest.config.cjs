const { integrationSuites, nodeProjectConfig } = require('../../build-config/jest/node.cjs');

// Unit specs beside the code and integration specs (test/*.e2e-spec.ts) against real redis-server
// (npm test runs them a few to a file: integrationSuites).
module.exports = nodeProjectConfig(__dirname, {
  displayName: 'worker',
  testMatch: ['<rootDir>/src/**/*.spec.ts', ...integrationSuites(__dirname)],
  testTimeout: 90000,
});
