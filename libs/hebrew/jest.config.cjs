/** @type {import('jest').Config} */
module.exports = {
  ...require('../../build-config/jest/preset.cjs'),
  displayName: 'hebrew',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
