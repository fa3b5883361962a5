const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
  preset: path.join(__dirname, '../jest.preset.cjs'),
  rootDir: __dirname,
  displayName: 'shell',
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
  // jsdom lacks TextEncoder, which react-router reads when it loads.
  setupFiles: [path.join(__dirname, '../libs/ui/src/testing/jsdom-polyfills.ts')],
  moduleNameMapper: {
    '\\.(css)$': path.join(__dirname, '../tools/jest/style-stub.cjs'),
    '^@mechabrim/(cart-store|session|ui|hebrew|contracts)$': path.join(
      __dirname,
      '../libs/$1/src/index.ts',
    ),
    '^@mechabrim/(cart-store|session|ui|hebrew|contracts)/src/(.*)$': path.join(
      __dirname,
      '../libs/$1/src/$2',
    ),
  },
};
