/** @type {import('jest').Config} */
module.exports = {
  ...require('../../build-config/jest/preset.cjs'),
  displayName: 'releases',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  // The release stores write and read real folders: six builds published and pruned take
  // 0.1–0.3 s alone, and ran past Jest's default 5 s in a clean clone's run beside the journeys
  // and a type check (2026-12-02, run queue 5–14 on 2 cores).
  testTimeout: 30_000,
};
