/** @type {import('jest').Config} */
module.exports = {
  preset: require('path').join(__dirname, '../../build-config/jest/preset.cjs'),
  rootDir: __dirname,
  displayName: 'ui',
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/async-timeouts.ts'],
  // As the front ends' (build-config/jest/front-end.cjs says why).
  testTimeout: 30_000,
};
