// Makes sure the system programs the stack needs are present: Debian's `redis-server` (unless
// REDIS_URL points at a running Redis; REDIS_SERVER_BIN names another binary) and, for the
// browser tests, `/usr/bin/chromium` (or CHROMIUM_PATH).
// Plain .mjs with no dependencies: it runs before `node_modules` exists.
//
//   node tools/setup/ensure-system.mjs [--chromium]
//
// Missing programs are installed with apt-get (as root, or through `sudo -n`); when that is not
// possible the process exits 1 after ONE line saying what to install or which variable to set.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Finds an executable on PATH (plus the sbin folders Debian puts daemons in). */
export function findExecutable(name, env = process.env) {
  const dirs = [...(env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Decides what to do. Pure, so the decision is testable.
 * @param {{ needRedis: boolean, needChromium: boolean, hasRedis: boolean, hasChromium: boolean,
 *           hasApt: boolean, isRoot: boolean, hasSudo: boolean }} facts
 * @returns {{ action: 'none' } | { action: 'install', packages: string[], sudo: boolean }
 *           | { action: 'fail', message: string }}
 */
export function planSystem(facts) {
  const packages = [];
  if (facts.needRedis && !facts.hasRedis) packages.push('redis-server');
  if (facts.needChromium && !facts.hasChromium) packages.push('chromium');
  if (packages.length === 0) return { action: 'none' };
  if (facts.hasApt && (facts.isRoot || facts.hasSudo)) {
    return { action: 'install', packages, sudo: !facts.isRoot };
  }
  return { action: 'fail', message: missingMessage(packages) };
}

/** The one line printed when the programs cannot be installed automatically. */
export function missingMessage(packages) {
  const parts = packages.map((pkg) =>
    pkg === 'redis-server'
      ? 'redis-server is missing: install it (apt-get install redis-server) or set REDIS_URL to a running Redis'
      : `chromium is missing: install it (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary`,
  );
  return `${parts.join('; ')}.`;
}

function gatherFacts({ chromium, env }) {
  return {
    needRedis: !env.REDIS_URL,
    needChromium: chromium,
    hasRedis: env.REDIS_SERVER_BIN
      ? isExecutable(env.REDIS_SERVER_BIN)
      : findExecutable('redis-server', env) !== null,
    hasChromium: isExecutable(env.CHROMIUM_PATH || CHROMIUM_PATH),
    hasApt: findExecutable('apt-get', env) !== null,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    hasSudo:
      findExecutable('sudo', env) !== null &&
      spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', env }).status === 0,
  };
}

function run(command, args, env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status === 0;
}

/**
 * Installs what is missing. Returns true when the system is ready; prints one line and returns
 * false when it is not.
 */
export function ensureSystem({ chromium = false, env = process.env } = {}) {
  const plan = planSystem(gatherFacts({ chromium, env }));
  if (plan.action === 'none') return true;
  if (plan.action === 'fail') {
    console.error(plan.message);
    return false;
  }
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) =>
    plan.sudo ? run('sudo', ['-n', 'apt-get', ...args], aptEnv) : run('apt-get', args, aptEnv);
  console.log(`[setup] installing ${plan.packages.join(', ')} with apt-get`);
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', ...plan.packages]);
  const after = planSystem({ ...gatherFacts({ chromium, env }), hasApt: false });
  if (after.action === 'fail') {
    console.error(`apt-get did not install everything — ${after.message}`);
    return false;
  }
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const ok = ensureSystem({ chromium: process.argv.includes('--chromium') });
  process.exit(ok ? 0 : 1);
}
