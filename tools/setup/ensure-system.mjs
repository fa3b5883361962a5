// Makes sure the system programs the stack needs are present: Debian's `redis-server` (unless
// REDIS_URL points at a running Redis; REDIS_SERVER_BIN names another binary) and, for the
// tests, `/usr/bin/chromium` (or CHROMIUM_PATH) and poppler's `pdftotext`.
// Plain .mjs with no dependencies: it runs before `node_modules` exists.
//
//   node tools/setup/ensure-system.mjs [--chromium]
//
// Missing programs are installed with apt-get (as root, or through `sudo -n`); when that is not
// possible the process exits 1 after ONE line saying what to install or which variable to set.
// On a freshly booted machine an automatic update often holds apt's and dpkg's locks for minutes:
// it waits for them first (saying so, up to APT_LOCK_WAIT_SECONDS, default 600).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
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
 *           needPdfTools?: boolean, hasPdfTools?: boolean,
 *           hasApt: boolean, isRoot: boolean, hasSudo: boolean }} facts
 * @returns {{ action: 'none' } | { action: 'install', packages: string[], sudo: boolean }
 *           | { action: 'fail', message: string }}
 */
export function planSystem(facts) {
  const packages = [];
  if (facts.needRedis && !facts.hasRedis) packages.push('redis-server');
  if (facts.needChromium && !facts.hasChromium) packages.push('chromium');
  if (facts.needPdfTools && !facts.hasPdfTools) packages.push('poppler-utils');
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
      : pkg === 'poppler-utils'
        ? 'pdftotext is missing: install it (apt-get install poppler-utils)'
        : `chromium is missing: install it (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary`,
  );
  return `${parts.join('; ')}.`;
}

/** The locks apt and dpkg take: whoever holds one is installing or updating packages. */
export const PACKAGE_MANAGER_LOCKS = [
  '/var/lib/dpkg/lock-frontend',
  '/var/lib/dpkg/lock',
  '/var/lib/apt/lists/lock',
  '/var/cache/apt/archives/lock',
];
export const DEFAULT_LOCK_WAIT_SECONDS = 600;

/**
 * The locks held on this machine, from the text of /proc/locks: who holds each (pid) and on which
 * file (device `major:minor`, inode). Pure. A waiter's line (`->`) holds nothing.
 * @param {string} text e.g. `3: POSIX  ADVISORY  WRITE 812 fe:00:402117 0 EOF`
 * @returns {{ pid: number, device: string, inode: string }[]}
 */
export function parseProcLocks(text) {
  const held = [];
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 6 || fields[1] === '->') continue;
    const pid = Number(fields[4]);
    const [major, minor, inode] = fields[5].split(':');
    if (!Number.isInteger(pid) || pid <= 0 || !/^\d+$/.test(inode ?? '')) continue;
    held.push({ pid, device: `${parseInt(major, 16)}:${parseInt(minor, 16)}`, inode });
  }
  return held;
}

/**
 * Decides, at each look at the locks, whether to go on, to wait (announcing it the first time) or
 * to give up. Pure.
 * @param {{ holders: { pid: number, name: string }[], waitedMs: number, timeoutMs: number,
 *           announced: boolean, packages: string[] }} state
 * @returns {{ action: 'go' } | { action: 'wait', say: string | null }
 *           | { action: 'fail', message: string }}
 */
export function planLockWait({ holders, waitedMs, timeoutMs, announced, packages }) {
  if (holders.length === 0) return { action: 'go' };
  const who = holders.map(({ pid, name }) => `${name} (pid ${pid})`).join(', ');
  if (waitedMs >= timeoutMs) {
    return {
      action: 'fail',
      message: `the package manager stayed busy for ${Math.round(waitedMs / 1000)} s (apt/dpkg lock held by ${who}; APT_LOCK_WAIT_SECONDS waits longer) — ${missingMessage(packages)}`,
    };
  }
  return {
    action: 'wait',
    say: announced
      ? null
      : `[setup] waiting for the package manager (apt/dpkg lock held by ${who}), up to ${Math.round(timeoutMs / 1000)} s…`,
  };
}

/** The `major:minor` of a device number, as /proc/locks writes it (glibc's encoding). */
function deviceName(dev) {
  const major = ((dev >> 8n) & 0xfffn) | ((dev >> 32n) & ~0xfffn);
  const minor = (dev & 0xffn) | ((dev >> 12n) & ~0xffn);
  return `${major}:${minor}`;
}

/** Who holds a lock on one of `files` now; empty where /proc/locks cannot be read. */
function currentHolders(files) {
  let text;
  try {
    text = readFileSync('/proc/locks', 'utf8');
  } catch {
    return [];
  }
  const wanted = new Set();
  for (const file of files) {
    if (!existsSync(file)) continue;
    const { dev, ino } = statSync(file, { bigint: true });
    wanted.add(`${deviceName(dev)}:${ino}`);
  }
  const pids = new Set(
    parseProcLocks(text)
      .filter(({ device, inode }) => wanted.has(`${device}:${inode}`))
      .map(({ pid }) => pid),
  );
  return [...pids].map((pid) => ({ pid, name: processName(pid) }));
}

function processName(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() || 'another process';
  } catch {
    return 'another process';
  }
}

const sleepMs = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Waits (synchronously, like the rest of this script) until no process holds one of the package
 * manager's locks, printing one line when it starts waiting. Returns `{ ok: true }`, or
 * `{ ok: false, message }` after `timeoutMs`.
 * @param {{ packages: string[], timeoutMs: number, files?: string[], pollMs?: number,
 *           log?: (line: string) => void }} options
 */
export function waitForPackageManager({
  packages,
  timeoutMs,
  files = PACKAGE_MANAGER_LOCKS,
  pollMs = 1000,
  log = console.log,
}) {
  const started = Date.now();
  let announced = false;
  for (;;) {
    const step = planLockWait({
      holders: currentHolders(files),
      waitedMs: Date.now() - started,
      timeoutMs,
      announced,
      packages,
    });
    if (step.action === 'go') return { ok: true };
    if (step.action === 'fail') return { ok: false, message: step.message };
    if (step.say) log(step.say);
    announced = true;
    sleepMs(pollMs);
  }
}

/** APT_LOCK_WAIT_SECONDS, or the default when unset or not a whole number. */
export function lockWaitSeconds(env) {
  const value = Number(env.APT_LOCK_WAIT_SECONDS);
  return env.APT_LOCK_WAIT_SECONDS && Number.isInteger(value) && value >= 0
    ? value
    : DEFAULT_LOCK_WAIT_SECONDS;
}

function gatherFacts({ chromium, env }) {
  return {
    needRedis: !env.REDIS_URL,
    needChromium: chromium,
    // The tests read the receipts' PDFs back with poppler's pdftotext and pdftoppm.
    needPdfTools: chromium,
    hasPdfTools: findExecutable('pdftotext', env) !== null,
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
export function ensureSystem({
  chromium = false,
  env = process.env,
  lockFiles = PACKAGE_MANAGER_LOCKS,
  lockPollMs = 1000,
} = {}) {
  const plan = planSystem(gatherFacts({ chromium, env }));
  if (plan.action === 'none') return true;
  if (plan.action === 'fail') {
    console.error(plan.message);
    return false;
  }
  const waitSeconds = lockWaitSeconds(env);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (args) =>
    plan.sudo ? run('sudo', ['-n', 'apt-get', ...args], aptEnv) : run('apt-get', args, aptEnv);
  console.log(`[setup] installing ${plan.packages.join(', ')} with apt-get`);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...plan.packages],
  ]) {
    // Our own look first: not every apt waits for the package lists' lock `update` takes. Then
    // apt-get's own wait for dpkg's lock, should another process take it after our look.
    const waited = waitForPackageManager({
      packages: plan.packages,
      timeoutMs: waitSeconds * 1000,
      files: lockFiles,
      pollMs: lockPollMs,
    });
    if (!waited.ok) {
      console.error(waited.message);
      return false;
    }
    aptGet(['-o', `DPkg::Lock::Timeout=${waitSeconds}`, ...args]);
  }
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
