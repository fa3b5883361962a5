#!/usr/bin/env node
// `npm test`. Plain JavaScript because it runs before `node_modules` exists: install the
// dependencies, redis-server and chromium, then run the TypeScript test runner through tsx.
import { createRequire } from 'node:module';
import { ensureDeps } from '../../setup/ensure-deps.mjs';
import { ensureSystem } from '../../setup/ensure-system.mjs';

if (!ensureDeps() || !ensureSystem({ chromium: true })) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const require = createRequire(import.meta.url);
// Both loaders: `require` of .ts files, and `import()` of workspace packages' TypeScript source.
(await import('tsx/cjs/api')).register();
(await import('tsx/esm/api')).register();
const { main } = require('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
