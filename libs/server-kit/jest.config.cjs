const { nodeProjectConfig } = require('../../build-config/jest/node.cjs');

module.exports = nodeProjectConfig(__dirname, {
  displayName: 'server-kit',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testTimeout: 60_000,
});
