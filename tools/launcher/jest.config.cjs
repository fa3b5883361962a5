const { nodeProjectConfig } = require('../../build-config/jest/node.cjs');

// The node preset: a spec seeds the demo data, whose storage pulls ES-module-only packages.
module.exports = nodeProjectConfig(__dirname, {
  displayName: 'launcher',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
});
