/** The benchmarks' own helpers (the benchmarks themselves run with `npm run bench:* -w bench`). */
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'bench',
  preset: '../build-config/jest/preset.cjs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
