// Remote: builds dist/remoteEntry.js + dist/mf-manifest.json, exposing ./App (the cart,
// checkout, payment result and orders routes).
const { frontendConfig } = require('../build-config/federation/webpack.cjs');

const config = frontendConfig({
  projectRoot: __dirname,
  name: 'checkout',
  kind: 'remote',
  exposes: { './App': './src/app/app.tsx' },
});

// A route chunk (`route-…`, see src/app/routes.tsx) keeps everything it needs beyond the app's
// first chunk inside itself, so the one file the shell's start-up script preloads for its paths
// is all they wait for. Every other lazy chunk is split as webpack does by default ('async').
config.optimization.splitChunks = {
  chunks: (chunk) => !chunk.canBeInitial() && !(chunk.name ?? '').startsWith('route-'),
};

module.exports = config;
