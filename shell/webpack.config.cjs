// The shell is the host: it bundles and provides the federation runtime and has no remote baked
// in — it reads their manifests' URLs from /runtime-config.json at start (src/main.ts).
const { createHash } = require('node:crypto');
const path = require('node:path');
const esbuild = require('esbuild');
const { frontendConfig } = require('../build-config/federation/webpack.cjs');
const { loadBundle, serverBundlePlugin } = require('../build-config/federation/server-bundle.cjs');

/** One of the shell's small scripts built on its own, outside the app's bundle. */
function smallScript(entry, define = {}) {
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [path.join(__dirname, entry)],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: process.env.NODE_ENV !== 'development',
    define,
    write: false,
    logLevel: 'error',
  });
  return outputFiles[0].text.trim();
}

/** src/intl-warm-up.ts: a worker the early start starts, its file named by its content. */
const intlWarmUp = smallScript('src/intl-warm-up.ts');
const intlWarmUpFile = `intl-warm-up.${createHash('sha256').update(intlWarmUp).digest('hex').slice(0, 8)}.js`;

const config = frontendConfig({
  projectRoot: __dirname,
  name: 'shell',
  kind: 'host',
  // src/early-start.ts, inlined into index.html (it must run before main.js).
  templateParameters: {
    earlyStart: smallScript('src/early-start.ts', {
      INTL_WARM_UP_URL: JSON.stringify(`/${intlWarmUpFile}`),
    }),
  },
});

config.plugins.push({
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('IntlWarmUp', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'IntlWarmUp', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset(intlWarmUpFile, new sources.RawSource(intlWarmUp)),
      );
    });
  },
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
