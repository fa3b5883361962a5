import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '@mechabrim/demo-data';
import { borrowStack } from '../../support/shared-stack';
import { startStack, type RunningStack } from '@mechabrim/launcher';
import { startEdgeServer, type EdgeServer } from '@mechabrim/edge';

export const ROOT = path.resolve(__dirname, '../../../..');

export type FrontEnd = 'shell' | 'storefront' | 'checkout' | 'author-portal';

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
 * Builds whichever of the four front ends has no build yet (`npm test` builds them all first;
 * this keeps a lone `jest` run of one journey working).
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

/** The whole real stack (API, worker, MongoDB, Redis, demo data, four front ends). */
export async function startFederationStack(): Promise<RunningStack> {
  await ensureBuilt();
  return startStack();
}

/** The stack the whole run shares, for a journey that only reads (see support/shared-stack.ts). */
export async function borrowFederationStack(): Promise<RunningStack> {
  await ensureBuilt();
  return borrowStack();
}

/** Signs the demo author in through the real API and returns their session token. */
export async function demoAuthorToken(stack: RunningStack): Promise<string> {
  const res = await fetch(`${stack.urls.api}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: DEMO_ACCOUNTS.author.email,
      password: DEMO_ACCOUNTS.author.password,
    }),
  });
  if (!res.ok) throw new Error(`demo author login → ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return token;
}

/**
 * Deploys another build of a remote to the remote's origin, as a team does: the stack's server
 * for that remote stops, and the same port serves the new folder. The shell is not touched.
 */
export async function redeployRemote(
  stack: RunningStack,
  remote: Exclude<FrontEnd, 'shell'>,
  dir: string,
): Promise<EdgeServer> {
  const origin = new URL(remote === 'author-portal' ? stack.urls.authorPortal : stack.urls[remote]);
  await stack.stopService(remote);
  // All interfaces, as the stack's own front-end servers listen.
  return startEdgeServer({ dir, port: Number(origin.port) });
}
