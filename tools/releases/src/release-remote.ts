import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assertCompatible,
  publishBuild,
  requirementsOf,
  type ReleaseContext,
  type ReleaseInfo,
  type RemoteId,
} from '@mechabrim/releases';

/** `nx run @mechabrim/<remote>:build`: the remote and what it uses, from Nx's cache when unchanged. */
export async function buildRemote(root: string, remote: RemoteId): Promise<void> {
  const nx = path.join(root, 'node_modules', 'nx', 'dist', 'bin', 'nx.js');
  const child = spawn(process.execPath, [nx, 'run', `@mechabrim/${remote}:build`], {
    cwd: root,
    stdio: 'inherit',
    // No Nx daemon: it would outlive the command.
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`the build of ${remote} failed (nx exit code ${code})`);
}

/**
 * Checks a built remote against the shell's shared singletons (the compatibility gate), then
 * publishes it. A refused remote is not published.
 */
export async function releaseBuilt(
  context: ReleaseContext,
  remote: RemoteId,
  dir: string,
  shellProvides: Record<string, string>,
): Promise<{ release: ReleaseInfo; published: boolean }> {
  const manifest = JSON.parse(
    await readFile(path.join(dir, 'mf-manifest.json'), 'utf8'),
  ) as unknown;
  const requires = requirementsOf(manifest);
  assertCompatible(remote, requires, shellProvides);
  return publishBuild(context, remote, dir, requires);
}
