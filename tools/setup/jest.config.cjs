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
};
