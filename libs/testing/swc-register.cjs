// `node -r ./libs/testing/swc-register.cjs some/file.ts`: runs TypeScript from source in a child
// process with the same SWC settings as Jest and webpack (decorator metadata included, which
// tsx/esbuild lack), resolving @mechabrim/* through the tsconfig paths. For tests and tools only.
const fs = require('fs');
const Module = require('module');
const path = require('path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../..');
const { compilerOptions } = require(path.join(root, 'tsconfig.base.json'));
const aliases = new Map(
  Object.entries(compilerOptions.paths ?? {}).map(([name, [target]]) => [
    name,
    path.join(root, target),
  ]),
);

const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveWithPaths(request, ...rest) {
  return resolve.call(this, aliases.get(request) ?? request, ...rest);
};

function compileTs(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', tsx: filename.endsWith('.tsx'), decorators: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        // The worker's mail templates are React components rendered to HTML.
        react: { runtime: 'automatic' },
      },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
}
require.extensions['.ts'] = compileTs;
require.extensions['.tsx'] = compileTs;
