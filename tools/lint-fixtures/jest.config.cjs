/** @type {import('jest').Config} */
module.exports = {
  displayName: 'lint-fixtures',
  preset: '../../build-config/jest/preset.cjs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
