const { nodeProjectConfig } = require('../../build-config/jest/node.cjs');

module.exports = nodeProjectConfig(__dirname, {
  displayName: 'edge',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
});
