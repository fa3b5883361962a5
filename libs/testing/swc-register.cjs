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

require.extensions['.ts'] = function compileTs(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
