'use strict';
// Front-end code built for Node, for the pages' server-side composition: the storefront's landing
// renderer (dist/server/landing.cjs, run by its edge server) and the shell's page frame
// (rendered once at build time). One bundle with React and every workspace lib in it, so a
// deployed dist folder needs nothing from node_modules.
//
// CSS: a project's own stylesheets are collected into one minified file (the page inlines it so
// the server's markup is styled before any script runs); the UI kit's are left out, because the
// shell's main.css already carries them and a second copy after it would reorder the cascade.

const path = require('node:path');
const esbuild = require('esbuild');
const { root } = require('./shared.cjs');

const uiKit = path.join(root, 'libs', 'ui') + path.sep;

/** Drops the UI kit's CSS imports (see above). */
const skipUiKitCss = {
  name: 'skip-ui-kit-css',
  setup(build) {
    build.onResolve({ filter: /\.css$/ }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      return file.startsWith(uiKit) ? { path: file, namespace: 'ui-kit-css' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'ui-kit-css' }, () => ({
      contents: '',
      loader: 'css',
    }));
  },
};

/**
 * Bundles `entry` for Node (CommonJS). Returns the script and the CSS its modules import, as text.
 * @param {{ entry: string, production: boolean, define?: Record<string, string> }} options
 * @returns {Promise<{ js: string, css: string }>}
 */
async function bundleForServer({ entry, production, define = {} }) {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outdir: 'server',
    jsx: 'automatic',
    minify: production,
    legalComments: 'none',
    write: false,
    logLevel: 'error',
    plugins: [skipUiKitCss],
    loader: { '.woff': 'empty', '.woff2': 'empty', '.svg': 'dataurl', '.png': 'dataurl' },
    define: {
      'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      ...define,
    },
  });
  const file = (ext) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
  return { js: file('.js'), css: file('.css') };
}

/**
 * Evaluates a bundle from `bundleForServer` in this process and returns its exports (for what is
 * rendered once, at build time).
 * @param {string} js
 */
function loadBundle(js) {
  const Module = require('node:module');
  const mod = new Module('server-bundle', null);
  mod.paths = Module._nodeModulePaths(root);
  mod._compile(js, path.join(root, 'server-bundle.cjs'));
  return mod.exports;
}

/**
 * A webpack plugin that adds files made from a server bundle to the build's output (so they land
 * in dist/ with everything else, and `clean` keeps them).
 * @param {{ entry: string, production: boolean, define?: Record<string, string>,
 *   files: (bundle: { js: string, css: string }) => Record<string, string> }} options
 */
function serverBundlePlugin(options) {
  const name = 'ServerBundlePlugin';
  return {
    /** @param {import('webpack').Compiler} compiler */
    apply(compiler) {
      const { RawSource } = compiler.webpack.sources;
      compiler.hooks.thisCompilation.tap(name, (compilation) => {
        compilation.hooks.processAssets.tapPromise(
          { name, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          async () => {
            const files = options.files(await bundleForServer(options));
            for (const [file, text] of Object.entries(files)) {
              compilation.emitAsset(file, new RawSource(text));
            }
          },
        );
      });
    },
  };
}
module.exports = { bundleForServer, loadBundle, serverBundlePlugin };
