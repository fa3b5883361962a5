import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startStaticServer, type RuntimeConfig, type StaticServer } from '@mechabrim/static-server';

export const ROOT = path.resolve(__dirname, '../../../..');

export type FrontEnd = 'shell' | 'storefront' | 'checkout' | 'author-portal';
type Remote = Exclude<FrontEnd, 'shell'>;

/** The file whose presence shows a front end is built. */
const BUILT_MARKER: Record<FrontEnd, string> = {
  shell: 'index.html',
  storefront: 'mf-manifest.json',
  checkout: 'mf-manifest.json',
  'author-portal': 'mf-manifest.json',
};

/**
 * Production-builds one front end with webpack. `outputDir` writes somewhere other than its
 * dist/ (MECHABRIM_OUTPUT_DIR); `env` adds build-time variables (e.g. MECHABRIM_BUILD_LABEL).
 */
export function buildFrontEnd(
  project: FrontEnd,
  options: { outputDir?: string; env?: Record<string, string> } = {},
): Promise<void> {
  const webpackCli = require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [webpackCli, '-c', `${project}/webpack.config.cjs`], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...(options.outputDir ? { MECHABRIM_OUTPUT_DIR: options.outputDir } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`building ${project} failed (${code}):\n${output}`)),
    );
  });
}

/**
 * Builds whichever of the four front ends has no build yet (the e2e Nx target builds them all
 * first; this keeps a lone `jest` run working).
 */
export async function ensureBuilt(
  projects: readonly FrontEnd[] = ['shell', 'storefront', 'checkout', 'author-portal'],
) {
  for (const project of projects) {
    if (!existsSync(path.join(ROOT, project, 'dist', BUILT_MARKER[project]))) {
      await buildFrontEnd(project);
    }
  }
}

export interface RunningFrontEnds {
  /** Origin of each front end, e.g. http://127.0.0.1:40123 */
  urls: Record<FrontEnd, string>;
  runtimeConfig: RuntimeConfig;
  /** Stops one front end's server (the remote is "down"). */
  stop(project: FrontEnd): Promise<void>;
  /** (Re)starts one front end on its same port, optionally serving another folder (a redeploy). */
  start(project: FrontEnd, dir?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves the four built front ends with tools/static-server on free ports, the shell (and the
 * author portal's standalone page) with a runtime config pointing at the remotes' manifests.
 */
export async function startFrontEnds(
  options: { apiBaseUrl?: string; dirs?: Partial<Record<FrontEnd, string>> } = {},
): Promise<RunningFrontEnds> {
  const host = '127.0.0.1';
  const dirs: Record<FrontEnd, string> = {
    shell: path.join(ROOT, 'shell/dist'),
    storefront: path.join(ROOT, 'storefront/dist'),
    checkout: path.join(ROOT, 'checkout/dist'),
    'author-portal': path.join(ROOT, 'author-portal/dist'),
    ...options.dirs,
  };
  const servers = new Map<FrontEnd, StaticServer>();
  const ports = new Map<FrontEnd, number>();

  const remotes: Remote[] = ['storefront', 'checkout', 'author-portal'];
  for (const remote of remotes) {
    const server = await startStaticServer({ dir: dirs[remote], port: 0, host });
    servers.set(remote, server);
    ports.set(remote, server.port);
  }
  const origin = (project: FrontEnd) => `http://${host}:${ports.get(project)}`;
  const runtimeConfig: RuntimeConfig = {
    apiBaseUrl: options.apiBaseUrl ?? 'http://127.0.0.1:9',
    remotes: {
      storefront: `${origin('storefront')}/mf-manifest.json`,
      checkout: `${origin('checkout')}/mf-manifest.json`,
      authorPortal: `${origin('author-portal')}/mf-manifest.json`,
    },
  };
  // The portal's standalone page reads the same runtime config (for the API origin).
  await servers.get('author-portal')!.close();
  const startOne = async (project: FrontEnd, dir = dirs[project]) => {
    dirs[project] = dir;
    const withConfig = project === 'shell' || project === 'author-portal';
    const server = await startStaticServer({
      dir,
      port: ports.get(project) ?? 0,
      host,
      runtimeConfig: withConfig ? runtimeConfig : undefined,
    });
    servers.set(project, server);
    ports.set(project, server.port);
  };
  await startOne('author-portal');
  await startOne('shell');

  const urls = Object.fromEntries(
    (['shell', ...remotes] as FrontEnd[]).map((project) => [project, origin(project)]),
  ) as Record<FrontEnd, string>;

  return {
    urls,
    runtimeConfig,
    async stop(project) {
      await servers.get(project)?.close();
      servers.delete(project);
    },
    async start(project, dir) {
      await servers.get(project)?.close();
      await startOne(project, dir);
    },
    async close() {
      await Promise.all([...servers.values()].map((server) => server.close()));
      servers.clear();
    },
  };
}
