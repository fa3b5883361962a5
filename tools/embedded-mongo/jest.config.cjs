const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'embedded-mongo',
  preset: path.join(__dirname, '../../build-config/jest/preset.cjs'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testTimeout: 60000,
  maxWorkers: 2,
};
