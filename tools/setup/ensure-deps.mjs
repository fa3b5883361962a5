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
 *
 * With a lockfile the install is `npm ci`: exactly the locked versions, and the lockfile is
 * never rewritten (it lists every platform's native binaries and the versions pinned for Node
 * 20; see complete-lockfile.mjs). The one exception is an existing tree that is merely older than
 * the lockfile: `npm install --no-save` brings it up to date in place instead of deleting it,
 * which matters when a build or a server is using it right now, and still leaves the lockfile
 * as committed.
 * @param {{ hasLockfile: boolean, hasNodeModules: boolean,
 *           lockfileMtimeMs?: number, installedMtimeMs?: number }} facts
 * @returns {null | { args: string[], reason: string }}
 */
export function planInstall(facts) {
  const fresh = facts.hasLockfile ? ['ci'] : ['install'];
  if (!facts.hasNodeModules) return { args: fresh, reason: 'node_modules is missing' };
  if (facts.installedMtimeMs === undefined) {
    return { args: fresh, reason: 'node_modules was not installed by npm' };
  }
  // One second of slack: a checkout writes the lockfile and npm writes its marker in the same
  // second, and coarse file systems round mtimes.
  if (facts.hasLockfile && (facts.lockfileMtimeMs ?? 0) > facts.installedMtimeMs + 1000) {
    return {
      args: ['install', '--no-save'],
      reason: 'package-lock.json is newer than node_modules',
    };
  }
  return null;
}

/**
 * What to run when `npm ci` failed, or null to stop. `npm ci` refuses a lockfile out of step
 * with package.json (a workspace added or renamed, a dependency edited by hand): on a
 * developer's machine `npm install` reconciles them (and rewrites the lockfile, to be
 * committed); under CI that would hide the broken lockfile, so it fails instead.
 * @param {{ ci: boolean }} environment
 * @returns {null | string[]}
 */
export function fallbackAfterFailedCi(environment) {
  return environment.ci ? null : ['install'];
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
  console.log(`[setup] ${plan.reason}: npm ${plan.args.join(' ')}`);
  if (npm(root, plan.args)) return true;
  const fallback = plan.args[0] === 'ci' ? fallbackAfterFailedCi({ ci: isCi() }) : null;
  if (fallback) {
    console.log(
      '[setup] npm ci failed (is package-lock.json out of step with package.json?); trying npm install — commit the lockfile it writes',
    );
    if (npm(root, fallback)) return true;
  }
  console.error('Installing the dependencies failed; see the npm output above.');
  return false;
}

function isCi() {
  const value = process.env.CI ?? '';
  return value !== '' && value !== 'false' && value !== '0';
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
