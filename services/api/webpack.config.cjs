// Bundles the API for `node dist/main.js`: our TypeScript (and @mechabrim/* libraries, from source)
// compiled by SWC with decorator metadata; every other package stays in node_modules.
const path = require('path');
const { nodeServiceConfig } = require('../../build-config/webpack/node-service.cjs');

module.exports = nodeServiceConfig({
  entry: path.join(__dirname, 'src/main.ts'),
  outDir: path.join(__dirname, 'dist'),
});
