'use strict';
// One webpack configuration for the four front ends. A project's webpack.config.cjs calls
// `frontendConfig` with its name and what it exposes; everything else — loaders, hashing,
// federation runtime sharing, shared singletons — is decided here, once.
//
// Federation runtime: the host (shell, or the author portal's standalone page) bundles the
// runtime and provides it on the global (provide-runtime-core.mjs, an ES-module version of
// `experiments.provideExternalRuntime`); every remote is built with `experiments.externalRuntime`,
// so its remoteEntry.js reuses the host's runtime instead of carrying its own copy.
//
// Environment read at build time:
//   NODE_ENV=development         development build (readable, no minification)
//   MECHABRIM_OUTPUT_DIR=<dir>    write the build somewhere other than <project>/dist
//   MECHABRIM_BUILD_LABEL=<text>  a label the storefront shows (proves a redeployed remote is live)

const path = require('node:path');
const zlib = require('node:zlib');
require('./webpack-compat.cjs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedConfig, workspaceAliases } = require('./shared.cjs');
const { PreloadFontsPlugin } = require('./web-fonts.cjs');

/**
 * @typedef {object} FrontendOptions
 * @property {string} projectRoot absolute folder of the project
 * @property {string} name federation container name (a JS identifier)
 * @property {'host' | 'remote'} kind host: bundles and provides the federation runtime; remote: uses it
 * @property {Record<string, string>} [exposes] remote only
 * @property {string} [entry] host only, default ./src/main.ts
 * @property {string} [template] host only, default ./src/index.html
 * @property {string} [outputPath] default <projectRoot>/dist (or MECHABRIM_OUTPUT_DIR)
 * @property {string} [assetPrefix] sub-folder for this build's files inside the output (when two builds share a dist)
 * @property {boolean} [clean] empty the output folder first (default true)
 * @property {Record<string, string>} [define] extra compile-time constants (already JSON-encoded)
 * @property {Record<string, string>} [templateParameters] host only: values for the HTML template
 */

/**
 * Brotli and gzip twins of the text files (`main.js.br`, `main.js.gz`), which the edge server
 * sends as they are (services/edge, @fastify/static `preCompressed`): the strongest compression,
 * paid once at build time instead of on every request.
 */
function precompressPlugins() {
  const common = { test: /\.(js|mjs|css|html|json|svg|txt)$/, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
  ];
}

/**
 * What every part of the configuration derives from the options and the environment.
 * @typedef {object} BuildSettings
 * @property {boolean} production
 * @property {boolean} isHost
 * @property {string} prefix asset sub-folder with its trailing slash, or ''
 * @property {string} outputPath
 * @property {string} hashed the content-hash part of a file name, or '' in development
 */

/** @param {FrontendOptions} options @returns {BuildSettings} */
function readBuildSettings(options) {
  const production = process.env.NODE_ENV !== 'development';
  const { projectRoot, kind } = options;
  const isHost = kind === 'host';
  const prefix = options.assetPrefix ? `${options.assetPrefix}/` : '';
  const outputPath =
    options.outputPath ?? process.env.MECHABRIM_OUTPUT_DIR ?? path.join(projectRoot, 'dist');
  const hashed = production ? '.[contenthash:8]' : '';
  return { production, isHost, prefix, outputPath, hashed };
}

/** @param {BuildSettings} settings @param {boolean} modules */
function cssLoaders({ production, isHost }, modules) {
  return [
    isHost ? MiniCssExtractPlugin.loader : require.resolve('style-loader'),
    {
      loader: require.resolve('css-loader'),
      options: modules
        ? {
            modules: {
              namedExport: false,
              exportLocalsConvention: 'as-is',
              localIdentName: production ? '[hash:base64:6]' : '[name]__[local]',
            },
          }
        : { modules: false },
    },
  ];
}

/** @param {FrontendOptions} options @param {BuildSettings} settings */
function outputSettings(options, { isHost, prefix, outputPath, hashed }) {
  return {
    path: outputPath,
    // A host page is served at the root of its origin and owns every path (SPA fallback), so
    // its files are absolute (/main.js works from /book/upload); a remote's are found from
    // wherever its remoteEntry.js was loaded.
    publicPath: isHost ? '/' : 'auto',
    uniqueName: options.name,
    // Entry chunks keep a fixed name (main.js, served no-cache and revalidated by ETag; the
    // HTML adds a build hash query): the federation runtime module is rendered into the entry
    // chunk before any hash of it exists, and webpack 5.112 refuses hash placeholders there.
    // Every other chunk is content-hashed and immutable.
    filename: `${prefix}[name].js`,
    chunkFilename: `${prefix}[name]${hashed}.js`,
    assetModuleFilename: `${prefix}assets/[name]${hashed}[ext]`,
    clean: options.clean ?? true,
  };
}

/** @param {BuildSettings} settings @returns {import('webpack').RuleSetRule[]} */
function moduleRules(settings) {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      use: {
        loader: require.resolve('swc-loader'),
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !settings.production } },
            target: 'es2022',
          },
        },
      },
    },
    { test: /\.module\.css$/, use: cssLoaders(settings, true) },
    { test: /\.css$/, exclude: /\.module\.css$/, use: cssLoaders(settings, false) },
    // @fontsource's faces with `font-display: optional` (web-fonts.cjs says why).
    {
      test: /@fontsource[\\/].*\.css$/,
      enforce: 'pre',
      use: require.resolve('./web-fonts.cjs'),
    },
    { test: /\.(woff2?|ttf|eot)$/, type: 'asset/resource' },
    { test: /\.(png|jpe?g|gif|webp|avif|svg)$/, type: 'asset' },
  ];
}

/** @param {FrontendOptions} options @param {BuildSettings} settings */
function federationPlugin(options, { isHost }) {
  return new ModuleFederationPlugin({
    name: options.name,
    ...(isHost
      ? { manifest: false }
      : {
          filename: 'remoteEntry.js',
          exposes: options.exposes,
          manifest: { fileName: 'mf-manifest.json' },
        }),
    // A host provides every singleton (the remotes consume its copies), so it bundles them
    // into its first chunk: the page needs one script before it can render instead of a
    // second wave of shared chunks requested only after that script has run.
    shared: sharedConfig({ eager: isHost }),
    // Only what is already loaded counts: the shell does not fetch every remote's entry at
    // start to compare versions, and a remote that is down cannot block the others.
    shareStrategy: 'loaded-first',
    dts: false,
    // Hosts provide their runtime on the global (see provide-runtime-core.mjs); remotes use it.
    ...(isHost
      ? { runtimePlugins: [require.resolve('./provide-runtime-core.mjs')] }
      : { experiments: { externalRuntime: true } }),
  });
}

/**
 * The host's own page, its font preloads and its extracted CSS.
 * @param {FrontendOptions} options @param {BuildSettings} settings
 */
function hostPagePlugins(options, { production, prefix, hashed }) {
  return [
    new HtmlWebpackPlugin({
      template: options.template ?? './src/index.html',
      templateParameters: options.templateParameters ?? {},
      filename: 'index.html',
      scriptLoading: 'defer',
      hash: production,
      // html-webpack-plugin's own minification, keeping the `<!--mb-…-->` markers the edge
      // server composes pages at (HEAD_SLOT_START/END of @mechabrim/contracts).
      minify: production && {
        collapseWhitespace: true,
        keepClosingSlash: true,
        removeComments: true,
        ignoreCustomComments: [/^\/?mb-/],
        removeRedundantAttributes: true,
        removeScriptTypeAttributes: true,
        removeStyleLinkTypeAttributes: true,
        useShortDoctype: true,
      },
    }),
    new PreloadFontsPlugin(HtmlWebpackPlugin),
    new MiniCssExtractPlugin({
      filename: `${prefix}[name]${hashed}.css`,
      chunkFilename: `${prefix}[name]${hashed}.css`,
    }),
  ];
}

/**
 * V8's explicit compile hint on the scripts that run whole while a page loads: a host's entry
 * chunk (main.js: the eager shared singletons — React, react-dom, the router, the query cache, the
 * UI kit — and the start-up) and a remote's entry with its exposed App. Without the hint V8
 * compiles each function lazily, on the main thread at its first call: about half of the
 * start-up's long tasks on a phone, in traces. With it, Chrome (136+) compiles them while the
 * script streams in, off the main thread; other browsers read a comment. A route's own chunks
 * stay lazy (most of their functions wait for a click). Added after minification, which would
 * drop the comment, and before hashing and compression.
 * @param {BuildSettings} settings
 */
function compileHintPlugins({ isHost, prefix }) {
  const escapedPrefix = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const test = isHost
    ? new RegExp(`^${escapedPrefix}main\\.js$`)
    : new RegExp(`^(remoteEntry\\.js|${escapedPrefix}__federation_expose_App\\.[0-9a-f]+\\.js)$`);
  return [
    new webpack.BannerPlugin({
      banner: '//# allFunctionsCalledOnLoad',
      raw: true,
      test,
      stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE,
    }),
  ];
}

/** @param {FrontendOptions} options @param {BuildSettings} settings */
function frontendPlugins(options, settings) {
  return [
    new webpack.DefinePlugin({
      'process.env.MECHABRIM_BUILD_LABEL': JSON.stringify(process.env.MECHABRIM_BUILD_LABEL ?? ''),
      ...(options.define ?? {}),
    }),
    federationPlugin(options, settings),
    ...(settings.isHost ? hostPagePlugins(options, settings) : []),
    ...(settings.production ? compileHintPlugins(settings) : []),
    ...(settings.production ? precompressPlugins() : []),
  ];
}

/** @param {FrontendOptions} options @returns {import('webpack').Configuration} */
function frontendConfig(options) {
  const settings = readBuildSettings(options);
  const { production, isHost } = settings;
  const { projectRoot, name } = options;

  /** @type {import('webpack').Configuration} */
  const config = {
    name,
    mode: production ? 'production' : 'development',
    context: projectRoot,
    target: 'web',
    devtool: production ? false : 'cheap-module-source-map',
    entry: isHost ? { main: options.entry ?? './src/main.ts' } : {},
    output: outputSettings(options, settings),
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: workspaceAliases(),
    },
    module: { rules: moduleRules(settings) },
    plugins: frontendPlugins(options, settings),
    optimization: {
      minimize: production,
      minimizer: production ? swcMinimizers() : [],
      moduleIds: production ? 'deterministic' : 'named',
      chunkIds: production ? 'deterministic' : 'named',
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
  return config;
}

function canResolve(name) {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** SWC's minifier: several times faster than terser on this 2-core machine, same output class. */
function swcMinimizers() {
  const MinimizerPlugin = require('minimizer-webpack-plugin');
  return [
    new MinimizerPlugin({
      test: /\.[cm]?js(\?.*)?$/i,
      minify: MinimizerPlugin.swcMinify,
      minimizerOptions: { compress: { passes: 2 }, mangle: true },
      extractComments: false,
      parallel: 1,
    }),
    // CSS through esbuild (already installed for tsx); skipped if it ever is not.
    ...(canResolve('esbuild')
      ? [
          new MinimizerPlugin({
            test: /\.css(\?.*)?$/i,
            minify: MinimizerPlugin.esbuildMinifyCss,
            parallel: 1,
          }),
        ]
      : []),
  ];
}

module.exports = { frontendConfig };
