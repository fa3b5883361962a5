// Shared webpack setup for the Node services (services/api, services/worker): bundle our TypeScript
// and the @mechabrim/* libraries (from source, via the tsconfig paths) with SWC and decorator
// metadata; leave every npm package external, loaded from node_modules at run time.
const path = require('path');

const root = path.resolve(__dirname, '../..');
const { compilerOptions } = require(path.join(root, 'tsconfig.base.json'));

const alias = {};
for (const [name, [target]] of Object.entries(compilerOptions.paths ?? {})) {
  alias[`${name}$`] = path.join(root, target);
}

/** SWC for our TypeScript (`tsx`: with React's automatic JSX runtime). */
function swcRule(test, tsx) {
  return {
    test,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx, decorators: true },
          transform: {
            legacyDecorator: true,
            decoratorMetadata: true,
            ...(tsx ? { react: { runtime: 'automatic' } } : {}),
          },
          target: 'es2022',
          keepClassNames: true,
        },
        sourceMaps: true,
      },
    },
  };
}

/**
 * @param {{ entry: Record<string, string> | string, outDir: string }} options
 * @returns {import('webpack').Configuration}
 */
function nodeServiceConfig({ entry, outDir }) {
  return {
    mode: 'production',
    target: 'node20',
    entry: typeof entry === 'string' ? { main: entry } : entry,
    output: { path: outDir, filename: '[name].js', clean: true, library: { type: 'commonjs2' } },
    devtool: 'source-map',
    // Nest resolves providers by class name: never mangle names.
    optimization: { minimize: false, nodeEnv: false },
    node: { __dirname: false, __filename: false },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.json'], alias },
    externalsPresets: { node: true },
    externals: [
      ({ request }, callback) => {
        if (
          !request ||
          request.startsWith('.') ||
          path.isAbsolute(request) ||
          request.startsWith('@mechabrim/')
        ) {
          return callback();
        }
        return callback(null, `commonjs ${request}`);
      },
    ],
    module: {
      // `createRequire(__filename).resolve(...)` must stay Node's own resolver at run time (it
      // finds files inside npm packages, which stay external); webpack would inline a module id.
      parser: { javascript: { createRequire: false } },
      // .tsx: the worker's mails are React components rendered to HTML.
      rules: [swcRule(/\.ts$/, false), swcRule(/\.tsx$/, true)],
    },
    stats: 'errors-warnings',
    performance: { hints: false },
  };
}

module.exports = { nodeServiceConfig };
