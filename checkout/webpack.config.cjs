// Remote: builds dist/remoteEntry.js + dist/mf-manifest.json, exposing ./App (the cart,
// checkout, payment result and orders routes).
const { frontendConfig } = require('../build-config/federation/webpack.cjs');

module.exports = frontendConfig({
  projectRoot: __dirname,
  name: 'checkout',
  kind: 'remote',
  exposes: { './App': './src/app/app.tsx' },
});
