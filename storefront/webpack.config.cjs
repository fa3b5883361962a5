// Remote: builds dist/remoteEntry.js + dist/mf-manifest.json, exposing ./App (the storefront's
// routes). It uses the host's federation runtime and the shared singletons.
// Also dist/server/landing.cjs and landing.css: the landing pages' server renderer, which the
// storefront's edge server runs for the shell's server-side composition (src/server/landing.tsx).
const path = require('node:path');
const { frontendConfig } = require('../build-config/federation/webpack.cjs');
const { serverBundlePlugin } = require('../build-config/federation/server-bundle.cjs');

const config = frontendConfig({
  projectRoot: __dirname,
  name: 'storefront',
  kind: 'remote',
  exposes: { './App': './src/app/app.tsx' },
});

config.plugins.push(
  serverBundlePlugin({
    entry: path.join(__dirname, 'src/server/landing.tsx'),
    production: config.mode === 'production',
    define: {
      'process.env.MECHABRIM_BUILD_LABEL': JSON.stringify(process.env.MECHABRIM_BUILD_LABEL ?? ''),
    },
    files: ({ js, css }) => ({ 'server/landing.cjs': js, 'server/landing.css': css }),
  }),
);

module.exports = config;
