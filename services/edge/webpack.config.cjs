// Bundles the edge server for `node dist/main.js`: our TypeScript (and @mechabrim/* libraries, from
// source) compiled by SWC; every other package stays in node_modules.
const path = require('path');
const { nodeServiceConfig } = require('../../build-config/webpack/node-service.cjs');

const config = nodeServiceConfig({
  entry: path.join(__dirname, 'src/main.ts'),
  outDir: path.join(__dirname, 'dist'),
});

// The landing renderer is a file of the deployed storefront build, loaded (and loaded again when
// it changes) at run time through Node's own createRequire: webpack must leave that call alone.
config.module.parser = { javascript: { createRequire: false } };

module.exports = config;
