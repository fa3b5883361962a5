const { nodeProjectConfig } = require('../../build-config/jest/node.cjs');

// The node preset: a spec seeds the demo data, whose storage pulls ES-module-only packages.
module.exports = nodeProjectConfig(__dirname, {
  displayName: 'launcher',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  // Specs here start real processes (redis-server, the demo seed): on a busy clean clone the hook
  // that starts redis-server outlasted Jest's default 5 s (2026-12-01), as tools/setup's did.
  testTimeout: 30_000,
});
