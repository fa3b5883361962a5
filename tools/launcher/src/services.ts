import type { ServiceDefinition, StackContext } from './types';

const url = (ctx: StackContext, name: string, path = '') =>
  `http://${ctx.host}:${ctx.ports[name]}${path}`;

const node = (script: string) => ({ command: process.execPath, args: [script] });

/** The front ends' server (services/edge), built like the API. */
const EDGE = 'services/edge/dist/main.js';

/**
 * A built front end served by services/edge with a runtime config generated from the stack's
 * environment. `probePath` is the file that shows it is up (a remote's manifest).
 */
function frontEnd(
  name: string,
  folder: string,
  variable: string,
  defaultPort: number,
  options: { probePath: string; link?: string; serveArgs?: string[] },
): ServiceDefinition {
  return {
    name,
    tier: 'app',
    port: { variable, default: defaultPort },
    project: [folder, 'services/edge'],
    requires: () => [`${folder}/dist${options.probePath}`, EDGE],
    command: (ctx) => ({
      command: process.execPath,
      args: [
        EDGE,
        '--dir',
        `${folder}/dist`,
        '--port',
        String(ctx.ports[name]),
        '--port-var',
        variable,
        '--runtime-config',
        ...(options.serveArgs ?? []),
      ],
    }),
    probe: (ctx) => ({ kind: 'http', url: url(ctx, name, options.probePath) }),
    links: options.link
      ? (ctx) => [{ label: options.link ?? name, url: url(ctx, name, '/') }]
      : undefined,
  };
}

/**
 * The applications of the local stack, in start order. MongoDB and Redis come from `infra.ts`
 * (they may be external). A provider simulator added by a later issue is one more entry here.
 */
export const APP_SERVICES: readonly ServiceDefinition[] = [
  // The shell composes the storefront's server-drawn landing pages into its page (server-side
  // composition, services/edge/src/landing.ts); the storefront's server draws them. The shell
  // and the standalone author portal proxy /api, so the page calls the API on its own origin.
  frontEnd('shell', 'shell', 'SHELL_PORT', 4200, {
    probePath: '/index.html',
    link: 'Store (shell)',
    serveArgs: ['--compose', '--api-proxy'],
  }),
  frontEnd('storefront', 'storefront', 'STOREFRONT_PORT', 4201, {
    probePath: '/mf-manifest.json',
    serveArgs: ['--landing', 'storefront/dist/server/landing.cjs', '--remote', 'storefront'],
  }),
  // The checkout's server draws the cart page for the shell's composition, from the cart's cookie.
  frontEnd('checkout', 'checkout', 'CHECKOUT_PORT', 4202, {
    probePath: '/mf-manifest.json',
    serveArgs: ['--landing', 'checkout/dist/server/landing.cjs', '--remote', 'checkout'],
  }),
  frontEnd('author-portal', 'author-portal', 'AUTHOR_PORTAL_PORT', 4203, {
    probePath: '/mf-manifest.json',
    link: 'Author portal (standalone)',
    serveArgs: ['--api-proxy'],
  }),
  // The local payment provider (tools/payment-simulator): the API's default PAYMENT_PROVIDER.
  // Started before the API so a checkout opened as soon as the stack is up finds its page.
  {
    name: 'payment-simulator',
    tier: 'app',
    port: { variable: 'PAYMENT_SIMULATOR_PORT', default: 4300 },
    // TypeScript run from source by tsx, as the launcher itself: nothing to build.
    requires: () => ['tools/payment-simulator/src/cli.ts'],
    command: () => ({
      command: process.execPath,
      args: ['--import', 'tsx', 'tools/payment-simulator/src/cli.ts'],
    }),
    probe: (ctx) => ({ kind: 'http', url: url(ctx, 'payment-simulator', '/health') }),
    links: (ctx) => [{ label: 'Payment simulator', url: url(ctx, 'payment-simulator', '/health') }],
  },
  // The local print partner (tools/print-simulator): the worker's default PRINT_PROVIDER. It
  // calls the API's print callback, which need not be up yet: it retries its webhooks.
  {
    name: 'print-simulator',
    tier: 'app',
    port: { variable: 'PRINT_SIMULATOR_PORT', default: 4400 },
    requires: () => ['tools/print-simulator/src/cli.ts'],
    command: () => ({
      command: process.execPath,
      args: ['--import', 'tsx', 'tools/print-simulator/src/cli.ts'],
    }),
    probe: (ctx) => ({ kind: 'http', url: url(ctx, 'print-simulator', '/health') }),
    links: (ctx) => [{ label: 'Print simulator', url: url(ctx, 'print-simulator', '/health') }],
  },
  {
    name: 'api',
    tier: 'app',
    port: { variable: 'API_PORT', default: 3000 },
    dependsOn: ['mongo', 'redis'],
    // Both services retry MongoDB and Redis in the background (libs/server-kit) and report
    // healthy only once connected.
    connectsInBackground: true,
    project: 'services/api',
    requires: () => ['services/api/dist/main.js'],
    command: () => node('services/api/dist/main.js'),
    probe: (ctx) => ({ kind: 'http', url: url(ctx, 'api', '/api/health') }),
    links: (ctx) => [
      { label: 'API', url: url(ctx, 'api', '/api') },
      { label: 'API docs', url: url(ctx, 'api', '/api/docs') },
    ],
  },
  {
    name: 'worker',
    tier: 'app',
    port: { variable: 'WORKER_PORT', default: 3100 },
    dependsOn: ['mongo', 'redis'],
    connectsInBackground: true,
    project: 'services/worker',
    requires: () => ['services/worker/dist/main.js'],
    command: () => node('services/worker/dist/main.js'),
    probe: (ctx) => ({ kind: 'http', url: url(ctx, 'worker', '/health') }),
    links: (ctx) => [{ label: 'Worker health', url: url(ctx, 'worker', '/health') }],
  },
];

/**
 * Orders services so each comes after everything it depends on, keeping the list order
 * otherwise. Dependencies named in `external` (provided outside the stack) are satisfied.
 * Throws on duplicate names, unknown dependencies and cycles.
 */
export function orderServices(
  services: readonly ServiceDefinition[],
  external: ReadonlySet<string> = new Set(),
): ServiceDefinition[] {
  const byName = new Map<string, ServiceDefinition>();
  for (const service of services) {
    if (byName.has(service.name)) throw new Error(`Service "${service.name}" is defined twice`);
    byName.set(service.name, service);
  }
  for (const service of services) {
    for (const dependency of service.dependsOn ?? []) {
      if (!byName.has(dependency) && !external.has(dependency)) {
        throw new Error(`Service "${service.name}" depends on unknown service "${dependency}"`);
      }
    }
  }
  const ordered: ServiceDefinition[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (service: ServiceDefinition, path: string[]) => {
    const seen = state.get(service.name);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      throw new Error(
        `Services depend on each other in a cycle: ${[...path, service.name].join(' → ')}`,
      );
    }
    state.set(service.name, 'visiting');
    for (const dependency of service.dependsOn ?? []) {
      const target = byName.get(dependency);
      if (target) visit(target, [...path, service.name]);
    }
    state.set(service.name, 'done');
    ordered.push(service);
  };
  for (const service of services) visit(service, []);
  return ordered;
}

/** The dependencies of `service` that run inside the stack (external ones are already there). */
export function internalDependencies(
  service: ServiceDefinition,
  present: ReadonlySet<string>,
): string[] {
  return (service.dependsOn ?? []).filter((name) => present.has(name));
}
