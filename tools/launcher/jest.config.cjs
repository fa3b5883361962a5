/** @type {import('jest').Config} */
module.exports = {
  displayName: 'launcher',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
