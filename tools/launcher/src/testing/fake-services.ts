import type { ServiceDefinition, ServicePort } from '../types';

/**
 * A lightweight stand-in for a real service: an HTTP server that answers /health, prints the
 * pid of a grandchild it spawned into its own process group, and optionally ignores SIGTERM or
 * exits on its own.
 */
export function fakeService(
  name: string,
  options: {
    dependsOn?: string[];
    ignoreSigterm?: boolean;
    exitAfterMs?: number;
    /** Answers only after this long (a database still loading its data). */
    listenAfterMs?: number;
    port?: ServicePort;
  } = {},
): ServiceDefinition {
  const script = `
    const { spawn } = require('node:child_process');
    const http = require('node:http');
    const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)'], { stdio: 'ignore' });
    console.log('grandchild=' + grandchild.pid);
    ${options.ignoreSigterm ? "process.on('SIGTERM', () => console.log('ignoring SIGTERM'));" : ''}
    setTimeout(() => {
      http.createServer((req, res) => res.end('ok')).listen(Number(process.env.FAKE_PORT), '127.0.0.1');
    }, ${options.listenAfterMs ?? 0});
    ${options.exitAfterMs !== undefined ? `setTimeout(() => process.exit(3), ${options.exitAfterMs});` : ''}
  `;
  return {
    name,
    tier: 'app',
    port: options.port ?? {},
    dependsOn: options.dependsOn,
    command: (ctx) => ({
      command: process.execPath,
      args: ['-e', script],
      env: { FAKE_PORT: String(ctx.ports[name]) },
    }),
    probe: (ctx) => ({ kind: 'http', url: `http://127.0.0.1:${ctx.ports[name]}/health` }),
    links: (ctx) => [{ label: name, url: `http://127.0.0.1:${ctx.ports[name]}/` }],
  };
}
