const path = require('path');

module.exports = {
  preset: path.resolve(__dirname, '../../build-config/jest/preset.cjs'),
  rootDir: __dirname,
  displayName: 'contracts',
  testEnvironment: 'node',
};
