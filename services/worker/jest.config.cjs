const { nodeProjectConfig } = require('../../build-config/jest/node.cjs');

// Unit specs beside the code and integration specs (test/*.e2e-spec.ts) against real redis-server.
module.exports = nodeProjectConfig(__dirname, {
  displayName: 'worker',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  testTimeout: 90000,
});
