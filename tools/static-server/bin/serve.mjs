#!/usr/bin/env node
// node tools/static-server/bin/serve.mjs --dir shell/dist --port 4200 [--runtime-config] [--host ::]
//   --runtime-config                 generate /runtime-config.json from the environment
//   --runtime-config-file <file>     serve that file as /runtime-config.json (e.g. shell/environments/production.json)
//   --port-var SHELL_PORT            named in the message when the port is taken
//   --landing <module>               answer /__landing with that renderer (the storefront's
//                                    dist/server/landing.cjs); the API is the runtime config's
//                                    apiBaseUrl, or LANDING_API_URL
//   --compose                        put the storefront's landing markup into pages (the shell):
//                                    asked at the runtime config's storefront origin, or at
//                                    LANDING_URL, waiting at most LANDING_TIMEOUT_MS (500)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { startStaticServer, runtimeConfigFromEnv } = require('../src/index.cjs');

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    port: { type: 'string', default: '0' },
    host: { type: 'string' },
    'runtime-config': { type: 'boolean', default: false },
    'runtime-config-file': { type: 'string' },
    'port-var': { type: 'string' },
    landing: { type: 'string' },
    compose: { type: 'boolean', default: false },
  },
});

if (!values.dir) {
  console.error('usage: serve.mjs --dir <folder> --port <port> [--runtime-config] [--host <host>]');
  process.exit(2);
}

const port = Number(values.port);
try {
  const runtimeConfig = values['runtime-config-file']
    ? JSON.parse(readFileSync(values['runtime-config-file'], 'utf8'))
    : values['runtime-config'];
  // What the other servers are, for composition: this page's runtime config, else the environment's.
  const config =
    typeof runtimeConfig === 'object' ? runtimeConfig : runtimeConfigFromEnv(process.env);
  const landing = values.landing
    ? { module: values.landing, apiBaseUrl: process.env.LANDING_API_URL || config.apiBaseUrl }
    : undefined;
  const timeout = Number(process.env.LANDING_TIMEOUT_MS || 500);
  if (!Number.isFinite(timeout) || timeout <= 0) {
    throw new Error(
      `LANDING_TIMEOUT_MS must be a positive number of milliseconds, got "${process.env.LANDING_TIMEOUT_MS}"`,
    );
  }
  const compose = values.compose
    ? {
        landingUrl: process.env.LANDING_URL || new URL('__landing', config.remotes.storefront).href,
        timeoutMs: timeout,
      }
    : undefined;
  const server = await startStaticServer({
    dir: values.dir,
    port,
    host: values.host,
    runtimeConfig,
    landing,
    compose,
    onError: (err) => console.error(err),
  });
  console.log(`serving ${values.dir} at ${server.url}`);
  const stop = () => {
    server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (err) {
  if (err && err.code === 'EADDRINUSE') {
    const hint = values['port-var'] ? ` — set ${values['port-var']} to another port` : '';
    console.error(`port ${port} is already in use${hint}`);
  } else {
    console.error(err instanceof Error ? err.message : err);
  }
  process.exit(1);
}
