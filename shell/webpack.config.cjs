// The shell is the host: it bundles and provides the federation runtime and has no remote baked
// in — it reads their manifests' URLs from /runtime-config.json at start (src/main.ts).
const path = require('node:path');
const esbuild = require('esbuild');
const { frontendConfig } = require('../build-config/federation/webpack.cjs');
const { loadBundle, serverBundlePlugin } = require('../build-config/federation/server-bundle.cjs');

/** src/early-start.ts as one small script, inlined into index.html (it must run before main.js). */
function earlyStartScript() {
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [path.join(__dirname, 'src/early-start.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: process.env.NODE_ENV !== 'development',
    write: false,
    logLevel: 'error',
  });
  return outputFiles[0].text.trim();
}

const config = frontendConfig({
  projectRoot: __dirname,
  name: 'shell',
  kind: 'host',
  templateParameters: { earlyStart: earlyStartScript() },
});

// dist/landing-frame.html: the page frame the edge server (services/edge) composes server-drawn landing pages
// into (src/server/frame.tsx), rendered here once from the app's own components.
config.plugins.push(
  serverBundlePlugin({
    entry: path.join(__dirname, 'src/server/frame.tsx'),
    production: config.mode === 'production',
    files: ({ js }) => ({ 'landing-frame.html': loadBundle(js).renderFrame() }),
  }),
);

module.exports = config;
