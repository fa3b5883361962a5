const { nodeProjectConfig } = require('../../build-config/jest/node.cjs');

// The storage configuration reads its variables through server-kit, which loads NestJS (ES modules).
module.exports = nodeProjectConfig(__dirname, {
  displayName: 'storage',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
});
