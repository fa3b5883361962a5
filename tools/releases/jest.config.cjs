/** @type {import('jest').Config} */
module.exports = {
  ...require('../../build-config/jest/preset.cjs'),
  displayName: 'releases-cli',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
