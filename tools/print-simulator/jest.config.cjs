const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'print-simulator',
  preset: path.join(__dirname, '../../build-config/jest/preset.cjs'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testTimeout: 30000,
};
