// Installs the workspace's dependencies when they are missing or older than the lockfile.
// Plain .mjs with no dependencies: it runs before `node_modules` exists.
//
//   node tools/setup/ensure-deps.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

// npm rewrites node_modules/.package-lock.json on every install, so its age tells when the
// installed tree was last brought in line with package-lock.json.
const INSTALLED_MARKER = join('node_modules', '.package-lock.json');

/**
 * Decides which install is needed. Pure, so the decision is testable.
 * @param {{ hasLockfile: boolean, hasNodeModules: boolean,
 *           lockfileMtimeMs?: number, installedMtimeMs?: number }} facts
 * @returns {null | { args: string[], reason: string }}
 */
export function planInstall(facts) {
  const args = facts.hasLockfile ? ['ci'] : ['install'];
  if (!facts.hasNodeModules) return { args, reason: 'node_modules is missing' };
  if (facts.installedMtimeMs === undefined) {
    return { args: ['install'], reason: 'node_modules was not installed by npm' };
  }
  // One second of slack: a checkout writes the lockfile and npm writes its marker in the same
  // second, and coarse file systems round mtimes.
  if (facts.hasLockfile && (facts.lockfileMtimeMs ?? 0) > facts.installedMtimeMs + 1000) {
    // `npm install` rather than `npm ci`: it brings an existing tree up to date in place instead
    // of deleting it, which matters when a build or a server is using it right now.
    return { args: ['install'], reason: 'package-lock.json is newer than node_modules' };
  }
  return null;
}

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Runs the install when needed. Returns true when dependencies are in place. */
export function ensureDeps({ root = ROOT } = {}) {
  const lockfile = join(root, 'package-lock.json');
  const plan = planInstall({
    hasLockfile: existsSync(lockfile),
    hasNodeModules: existsSync(join(root, 'node_modules')),
    lockfileMtimeMs: mtime(lockfile),
    installedMtimeMs: mtime(join(root, INSTALLED_MARKER)),
  });
  if (!plan) return true;
  const args = [...plan.args, '--no-audit', '--no-fund'];
  console.log(`[setup] ${plan.reason}: npm ${args.join(' ')}`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      `npm ${plan.args[0]} failed (exit ${result.status ?? result.signal}); see the output above.`,
    );
    return false;
  }
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(ensureDeps() ? 0 : 1);
}
