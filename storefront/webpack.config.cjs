// Remote: builds dist/remoteEntry.js + dist/mf-manifest.json, exposing ./App (the storefront's
// routes). It uses the host's federation runtime and the shared singletons.
const { frontendConfig } = require('../tools/federation/webpack.cjs');

module.exports = frontendConfig({
  projectRoot: __dirname,
  name: 'storefront',
  kind: 'remote',
  exposes: { './App': './src/app/app.tsx' },
});
