// Bundles the worker for `node dist/main.js` (see build-config/webpack/node-service.cjs).
const path = require('path');
const { nodeServiceConfig } = require('../../build-config/webpack/node-service.cjs');

module.exports = nodeServiceConfig({
  entry: path.join(__dirname, 'src/main.ts'),
  outDir: path.join(__dirname, 'dist'),
});
