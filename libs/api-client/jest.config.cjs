/** @type {import('jest').Config} */
module.exports = {
  preset: require('path').join(__dirname, '../../build-config/jest/preset.cjs'),
  rootDir: __dirname,
  displayName: 'api-client',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
};
