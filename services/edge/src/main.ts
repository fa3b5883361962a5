// node services/edge/dist/main.js --dir shell/dist --port 4200 [--runtime-config] [--host ::]
//   --runtime-config                 generate /runtime-config.json from the environment, for the
//                                    address each page is opened at
//   --runtime-config-file <file>     serve that file as /runtime-config.json (e.g. shell/environments/production.json)
//   --api-proxy                      proxy /api to the API (API_UPSTREAM_URL, else localhost:API_PORT)
//   --port-var SHELL_PORT            named in the message when the port is taken
//   --landing <module>               answer /__landing with that renderer (the storefront's or the
//                                    checkout's dist/server/landing.cjs); it asks the API at
//                                    LANDING_API_URL, else the API upstream, waiting at most
//                                    LANDING_API_TIMEOUT_MS (1500)
//   --remote <name>                  the remote this server is (storefront, checkout, author-portal):
//                                    its landing renderer is the released version's a reader gets
//   --compose                        put the storefront's landing markup into pages (the shell),
//                                    and serve /robots.txt and /sitemap.xml for PUBLIC_STORE_URL:
//                                    asked at the runtime config's storefront origin, or at
//                                    LANDING_URL, waiting at most LANDING_TIMEOUT_MS (500); the
//                                    cart page's at the checkout's origin
// Released remotes (released-remotes.ts) come from RELEASE_STORE / RELEASES_DIR and the pointers
// from RELEASE_POINTERS_FILE (docs/configuration.md); without pointers nothing changes.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  createReleaseStore,
  pointersFileOf,
  releaseSettingsFromEnv,
  remoteId,
} from '@mechabrim/releases';
import { ownerOf } from '@mechabrim/routing/src/route-owner';
import { loadEdgeEnvironment, type EdgeEnvironment } from './edge-config';
import { startEdgeServer, type EdgeServerOptions } from './edge-server';
import { runtimeConfigFromEnv, type RuntimeConfig } from './runtime-config';

const USAGE =
  'usage: main.js --dir <folder> --port <port> [--runtime-config | --runtime-config-file <file>] ' +
  '[--api-proxy] [--landing <module>] [--remote <name>] [--compose] [--host <host>] [--port-var <variable>]';

function readArgs() {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      port: { type: 'string', default: '0' },
      host: { type: 'string' },
      'runtime-config': { type: 'boolean', default: false },
      'runtime-config-file': { type: 'string' },
      'api-proxy': { type: 'boolean', default: false },
      'port-var': { type: 'string' },
      landing: { type: 'string' },
      remote: { type: 'string' },
      compose: { type: 'boolean', default: false },
    },
  });
  return values;
}

/** Where the shell's server asks for the landing markup it composes into pages. */
function composeOptions(
  edge: EdgeEnvironment,
  config: RuntimeConfig,
): NonNullable<EdgeServerOptions['compose']> {
  return {
    landingUrl: edge.landingUrl ?? new URL('__landing', config.remotes.storefront).href,
    timeoutMs: edge.landingTimeoutMs,
    // The cart and checkout pages are drawn by the checkout's server (checkout/src/server/landing.tsx).
    remotes: [
      {
        remote: 'checkout',
        landingUrl: new URL('__landing', config.remotes.checkout).href,
        paths: ['/cart', '/checkout'],
      },
    ],
  };
}

function reportStartFailure(err: unknown, port: number, portVar: string | undefined): void {
  if ((err as { code?: string }).code === 'EADDRINUSE') {
    const hint = portVar ? ` — set ${portVar} to another port` : '';
    console.error(`port ${port} is already in use${hint}`);
  } else {
    console.error(err instanceof Error ? err.message : err);
  }
}

async function main(): Promise<number> {
  const values = readArgs();
  if (!values.dir) {
    console.error(USAGE);
    return 2;
  }
  const port = Number(values.port);
  try {
    const edge = loadEdgeEnvironment(process.env);
    const releaseSettings = releaseSettingsFromEnv(process.env);
    const remote = values.remote ? remoteId(values.remote) : undefined;
    const fileConfig = values['runtime-config-file']
      ? (JSON.parse(readFileSync(values['runtime-config-file'], 'utf8')) as RuntimeConfig)
      : undefined;
    // Where the other servers are, for composition: this page's runtime config, else the
    // environment's as a server (not a browser) reaches them.
    const config = fileConfig ?? runtimeConfigFromEnv(process.env);
    const server = await startEdgeServer({
      dir: values.dir,
      port,
      host: values.host,
      runtimeConfig: fileConfig ?? values['runtime-config'],
      apiUpstream: values['api-proxy'] ? edge.apiUpstream : undefined,
      paymentFrameOrigins: edge.paymentFrameOrigins,
      corsOrigins: edge.corsOrigins,
      hsts: edge.hsts,
      trustProxy: edge.trustProxy,
      landing: values.landing
        ? {
            module: values.landing,
            apiBaseUrl: edge.landingApiUrl,
            apiTimeoutMs: edge.landingApiTimeoutMs,
            siteUrl: edge.publicStoreUrl,
            remote,
          }
        : undefined,
      releases: {
        store: await createReleaseStore(releaseSettings, process.env),
        pointers: pointersFileOf(releaseSettings),
        publicUrl: releaseSettings.publicUrl,
      },
      compose: values.compose ? composeOptions(edge, config) : undefined,
      // The shell's server answers for the store: its robots.txt and sitemap.
      seo: values.compose
        ? { siteUrl: edge.publicStoreUrl, apiBaseUrl: edge.landingApiUrl }
        : undefined,
      // The shell's server answers every page of the site: one no front end owns is a 404.
      isSitePage: values.compose ? (pathname) => ownerOf(pathname) !== null : undefined,
      onError: (err) => console.error(err),
    });
    console.log(`serving ${values.dir} at ${server.url}`);
    const stop = () => {
      void server.close().then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return 0;
  } catch (err) {
    reportStartFailure(err, port, values['port-var']);
    return 1;
  }
}

void main().then((code) => {
  if (code !== 0) process.exit(code);
});
