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
  console.log(`[setup] ${plan.reason}: npm ${plan.args[0]}`);
  if (npm(root, plan.args)) return true;
  // `npm ci` refuses a lockfile that is out of step with package.json (a workspace added or
  // renamed); `npm install` reconciles them.
  if (plan.args[0] === 'ci') {
    console.log('[setup] npm ci failed; trying npm install');
    if (npm(root, ['install'])) return true;
  }
  console.error('Installing the dependencies failed; see the npm output above.');
  return false;
}

function npm(root, args) {
  const command = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(command, [...args, '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status === 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(ensureDeps() ? 0 : 1);
}
