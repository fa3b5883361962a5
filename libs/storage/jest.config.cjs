/** @type {import('jest').Config} */
module.exports = {
  ...require('../../build-config/jest/preset.cjs'),
  displayName: 'storage',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
