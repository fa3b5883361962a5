const preset = require('../../build-config/jest/preset.cjs');

// The shared SWC transform, also applied to the scripts under test: plain ES modules (.mjs),
// because they run before node_modules exists.
const [swc] = Object.values(preset.transform);

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'setup',
  preset: '../../build-config/jest/preset.cjs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // These specs start real processes (a fake apt-get, flock, python3 holding apt's lock). On a
  // busy clean clone starting one took longer than Jest's default 5 s (the apt-lock case failed
  // there, 2026-12-01); what they time themselves is bounded inside the tests.
  testTimeout: 30_000,
};
