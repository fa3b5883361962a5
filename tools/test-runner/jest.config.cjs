/** @type {import('jest').Config} */
module.exports = {
  displayName: 'test-runner',
  preset: '../../build-config/jest/preset.cjs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
