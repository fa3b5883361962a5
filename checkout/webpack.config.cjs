// Remote: builds dist/remoteEntry.js + dist/mf-manifest.json, exposing ./App (the cart,
// checkout, payment result and orders routes).
// Also dist/server/landing.cjs and landing.css: the cart and checkout pages' server renderer, which the
// checkout's edge server runs for the shell's server-side composition (src/server/landing.tsx).
const path = require('node:path');
const { frontendConfig } = require('../build-config/federation/webpack.cjs');
const { serverBundlePlugin } = require('../build-config/federation/server-bundle.cjs');

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

config.plugins.push(
  serverBundlePlugin({
    entry: path.join(__dirname, 'src/server/landing.tsx'),
    production: config.mode === 'production',
    files: ({ js, css }) => ({ 'server/landing.cjs': js, 'server/landing.css': css }),
  }),
);

module.exports = config;
