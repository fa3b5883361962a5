const { nodeProjectConfig } = require('../../build-config/jest/node.cjs');

module.exports = nodeProjectConfig(__dirname, {
  displayName: 'web-fonts',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testTimeout: 60_000,
});
