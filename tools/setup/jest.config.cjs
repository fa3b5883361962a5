const preset = require('../../jest.preset.cjs');

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'setup',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  // The scripts under test are plain ES modules (they run before node_modules exists).
  transform: {
    '^.+\\.(t|j)sx?$': preset.transform['^.+\\.(t|j)sx?$'],
    '^.+\\.mjs$': preset.transform['^.+\\.(t|j)sx?$'],
  },
};
