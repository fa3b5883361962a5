const { nodeProjectConfig } = require('../../build-config/jest/node.cjs');

// Unit specs beside the code (src/**/*.spec.ts) and HTTP e2e specs against a real server (test/*.e2e-spec.ts).
module.exports = nodeProjectConfig(__dirname, {
  displayName: 'api',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  testTimeout: 60000,
});
