#!/usr/bin/env node
// `npm start`. Plain JavaScript because it runs before `node_modules` exists: install the
// dependencies and the system programs, then load the TypeScript launcher through tsx in this
// same process (one process to signal; every service runs in its own process group below it).
import { createRequire } from 'node:module';
import { ensureDeps } from '../../setup/ensure-deps.mjs';
import { ensureSystem } from '../../setup/ensure-system.mjs';

if (!ensureDeps() || !ensureSystem()) process.exit(1);

const require = createRequire(import.meta.url);
// Both loaders: `require` of .ts files, and `import()` of workspace packages' TypeScript source.
(await import('tsx/cjs/api')).register();
(await import('tsx/esm/api')).register();
const { main } = require('../src/cli.ts');
await main();
