// Adds to package-lock.json the native binaries of the other platforms that npm left out.
// Plain .mjs with no dependencies, like the rest of tools/setup.
//
//   node tools/setup/complete-lockfile.mjs          # after every `npm install` that changed the lockfile
//   node tools/setup/complete-lockfile.mjs --check  # exit 1 if an entry is missing (CI, tests)
//
// Why: packages such as @swc/core, nx, @rspack/binding, unrs-resolver and msgpackr-extract list
// one optional dependency per platform (`@swc/core-darwin-arm64`, `…-win32-x64-msvc`, …). npm
// records each in the lockfile only when it can read its metadata; the registry mirror these
// machines reach serves only the Linux ones, so the lockfile it writes lacks the rest, and
// `npm ci` then stops on every fresh clone ("Missing: @swc/core-darwin-arm64@ from lock file").
// An entry with the platform fields (`os`, `cpu`, `libc`) is all `npm ci` needs: it skips the
// package on any other platform without asking the registry, and on that platform downloads it
// by name and version. Such entries carry no `integrity` (npm records it on a machine that
// reaches the package; on this one none can be known).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

const OPERATING_SYSTEMS = new Set([
  'aix',
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'openharmony',
  'sunos',
  'win32',
]);
const CPUS = new Set([
  'arm',
  'arm64',
  'ia32',
  'loong64',
  'mips64el',
  'ppc64',
  'riscv64',
  's390x',
  'wasm32',
  'x64',
]);

/**
 * The platform fields of a per-platform binary package, read from its name
 * (`@swc/core-linux-arm-gnueabihf` → linux, arm, glibc; `@rspack/binding-wasm32-wasi` → wasm32).
 * Null when the name names no platform.
 * @param {string} name
 * @returns {null | { os?: string[], cpu: string[], libc?: string[] }}
 */
export function platformOf(name) {
  const parts = (name.split('/').pop() ?? '').split('-');
  const cpuAt = parts.findIndex((part, i) => i > 0 && CPUS.has(part));
  if (cpuAt < 0) return null;
  const cpu = parts[cpuAt] ?? '';
  if (cpu === 'wasm32') return { cpu: [cpu] };
  const os = parts[cpuAt - 1] ?? '';
  if (!OPERATING_SYSTEMS.has(os)) return null;
  const abi = parts.slice(cpuAt + 1).join('-');
  const platform = { os: [os], cpu: [cpu] };
  if (os !== 'linux') return platform;
  if (abi.startsWith('musl')) return { ...platform, libc: ['musl'] };
  if (abi.startsWith('gnu')) return { ...platform, libc: ['glibc'] };
  return platform;
}

/** Where npm looks for `name` from the package at `from` (a lockfile key): nearest first. */
function lookupPaths(from, name) {
  const paths = [];
  let dir = from;
  for (;;) {
    paths.push(dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`);
    if (!dir) return paths;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at < 0 ? '' : dir.slice(0, at);
  }
}

/**
 * Adds the missing per-platform optional dependencies to a parsed lockfile (v3), in place.
 * Each goes where npm resolves it from its parent (beside a sibling platform package when one is
 * recorded, else the nearest free folder) with the parent's `dev`/`peer` flags, `optional`, and
 * its platform fields. Returns the lockfile keys added, sorted.
 * @param {{ packages: Record<string, Record<string, unknown>> }} lock
 * @returns {string[]}
 */
export function completeLockfile(lock) {
  const added = [];
  const packages = lock.packages;
  for (const [parentKey, parent] of Object.entries({ ...packages })) {
    const optional = /** @type {Record<string, string> | undefined} */ (
      parent.optionalDependencies
    );
    if (!optional) continue;
    const siblings = Object.keys(optional);
    for (const [name, version] of Object.entries(optional)) {
      const candidates = lookupPaths(parentKey, name);
      if (candidates.some((key) => key in packages)) continue;
      const platform = platformOf(name);
      if (!platform) continue;
      // A recorded sibling (the Linux binary npm could read) shows where npm puts this family.
      const siblingFolder = siblings
        .flatMap((sibling) => lookupPaths(parentKey, sibling))
        .find((key) => key in packages);
      const key = siblingFolder
        ? siblingFolder.slice(0, siblingFolder.lastIndexOf('node_modules/')) +
          `node_modules/${name}`
        : (candidates[candidates.length - 1] ?? `node_modules/${name}`);
      if (key in packages) continue;
      // Fields in npm's order (version, then by name), so npm rewrites none of them.
      packages[key] = {
        version: exactVersion(version),
        cpu: platform.cpu,
        ...(parent.dev ? { dev: true } : {}),
        ...(platform.libc ? { libc: platform.libc } : {}),
        optional: true,
        ...(platform.os ? { os: platform.os } : {}),
        ...(parent.peer ? { peer: true } : {}),
      };
      added.push(key);
    }
  }
  // npm's own order (so a later `npm install` rewrites nothing): the root first, then by key.
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, 'en')),
  );
  return added.sort();
}

/** Platform packages are published in lockstep with their parent and pinned exactly. */
function exactVersion(range) {
  return range.replace(/^[\^~=]/, '');
}

function main() {
  const file = join(ROOT, 'package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const added = completeLockfile(lock);
  if (process.argv.includes('--check')) {
    if (added.length) {
      console.error(
        `package-lock.json lacks ${added.length} platform binaries (${added[0]} …): run node tools/setup/complete-lockfile.mjs`,
      );
      process.exit(1);
    }
    console.log('package-lock.json lists every platform binary');
    return;
  }
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: ${added.length} platform binaries added`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
