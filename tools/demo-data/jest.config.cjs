const { nodeProjectConfig } = require('../../build-config/jest/node.cjs');

module.exports = nodeProjectConfig(__dirname, {
  displayName: 'demo-data',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testTimeout: 120_000,
});
