const { integrationSuites, nodeProjectConfig } = require('../../build-config/jest/node.cjs');

// Unit specs beside the code (src/**/*.spec.ts) and HTTP e2e specs against a real server
// (test/*.e2e-spec.ts; npm test runs them a few to a file: integrationSuites).
module.exports = nodeProjectConfig(__dirname, {
  displayName: 'api',
  testMatch: ['<rootDir>/src/**/*.spec.ts', ...integrationSuites(__dirname)],
  testTimeout: 60000,
});
