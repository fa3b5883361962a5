/** @type {import('jest').Config} */
module.exports = {
  preset: require('path').join(__dirname, '../../build-config/jest/preset.cjs'),
  rootDir: __dirname,
  displayName: 'session',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
  // jsdom lacks TextEncoder, which react-router (SessionEndedRedirect) reads when it loads.
  setupFiles: [require('path').join(__dirname, '../ui/src/testing/jsdom-polyfills.ts')],
  setupFilesAfterEnv: [require('path').join(__dirname, '../ui/src/testing/async-timeouts.ts')],
};
