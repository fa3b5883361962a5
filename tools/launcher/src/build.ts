import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageBin } from './package-bin';
import { ManagedProcess, type LineSink } from './process';
import type { ServiceDefinition } from './types';

/** The Nx project name of a workspace folder: project.json `name`, else package.json `nx.name`, else its package name. */
export function nxProjectName(root: string, folder: string): string {
  const projectJson = join(root, folder, 'project.json');
  if (existsSync(projectJson)) {
    const name = (JSON.parse(readFileSync(projectJson, 'utf8')) as { name?: string }).name;
    if (name) return name;
  }
  const packageJson = join(root, folder, 'package.json');
  if (!existsSync(packageJson)) {
    throw new Error(
      `${folder} is not a workspace project yet (no package.json): it cannot be built`,
    );
  }
  const pkg = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    name?: string;
    nx?: { name?: string };
  };
  const name = pkg.nx?.name ?? pkg.name;
  if (!name) throw new Error(`${folder}/package.json has no name`);
  return name;
}

/** The Nx projects the services run, each once. */
export function projectsToBuild(root: string, services: readonly ServiceDefinition[]): string[] {
  const folders = [...new Set(services.flatMap((service) => service.project ?? []))];
  return folders.map((folder) => nxProjectName(root, folder));
}

/**
 * `nx run-many -t build` for the given projects (and, through `dependsOn: ^build`, what they use).
 * Nx's cache turns an up-to-date build into a restore of its output.
 */
export async function buildProjects(
  root: string,
  projects: readonly string[],
  output: LineSink,
  onStarted?: (build: ManagedProcess) => void,
): Promise<void> {
  if (projects.length === 0) return;
  const build = new ManagedProcess({
    name: 'build',
    command: process.execPath,
    args: [
      packageBin(root, 'nx'),
      'run-many',
      '-t',
      'build',
      `--projects=${projects.join(',')}`,
      '--parallel=2',
      '--outputStyle=stream',
    ],
    cwd: root,
    // No Nx daemon: it would outlive `npm start`, a background process nobody asked for.
    env: { ...process.env, FORCE_COLOR: '0', NX_DAEMON: 'false' },
    output,
  });
  await build.start(() => undefined);
  onStarted?.(build);
  const { code, signal } = await build.exit();
  if (code !== 0) {
    throw new Error(
      `the build failed (nx ${signal ? `killed by ${signal}` : `exit code ${code}`}); see the build lines above`,
    );
  }
}
