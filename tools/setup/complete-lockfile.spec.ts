import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { completeLockfile, platformOf } from './complete-lockfile.mjs';

const root = path.resolve(__dirname, '../..');

interface LockEntry {
  version?: string;
  engines?: { node?: string };
  optional?: boolean;
  [field: string]: unknown;
}

function readLock(): { packages: Record<string, LockEntry> } {
  return JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
}

describe('platformOf', () => {
  it.each([
    ['@swc/core-darwin-arm64', { os: ['darwin'], cpu: ['arm64'] }],
    ['@swc/core-win32-ia32-msvc', { os: ['win32'], cpu: ['ia32'] }],
    ['@swc/core-linux-arm-gnueabihf', { os: ['linux'], cpu: ['arm'], libc: ['glibc'] }],
    ['@nx/nx-linux-x64-musl', { os: ['linux'], cpu: ['x64'], libc: ['musl'] }],
    [
      '@unrs/resolver-binding-linux-arm-musleabihf',
      { os: ['linux'], cpu: ['arm'], libc: ['musl'] },
    ],
    ['@unrs/resolver-binding-android-arm-eabi', { os: ['android'], cpu: ['arm'] }],
    ['@msgpackr-extract/msgpackr-extract-linux-arm', { os: ['linux'], cpu: ['arm'] }],
    ['@rspack/binding-wasm32-wasi', { cpu: ['wasm32'] }],
  ])('reads %s', (name, platform) => {
    expect(platformOf(name)).toEqual(platform);
  });

  it('names no platform for an ordinary package', () => {
    expect(platformOf('fsevents')).toBeNull();
    expect(platformOf('@swc/helpers')).toBeNull();
  });
});

describe('completeLockfile', () => {
  it('adds the missing platform binaries beside the recorded one, with the parent’s flags', () => {
    const lock = {
      packages: {
        '': { name: 'app' },
        'node_modules/tool': {
          version: '2.0.0',
          dev: true,
          optionalDependencies: {
            '@tool/bin-linux-x64-gnu': '2.0.0',
            '@tool/bin-darwin-arm64': '2.0.0',
          },
        },
        'node_modules/@tool/bin-linux-x64-gnu': {
          version: '2.0.0',
          os: ['linux'],
          cpu: ['x64'],
          libc: ['glibc'],
          dev: true,
          optional: true,
        },
      } as Record<string, Record<string, unknown>>,
    };
    expect(completeLockfile(lock)).toEqual(['node_modules/@tool/bin-darwin-arm64']);
    expect(lock.packages['node_modules/@tool/bin-darwin-arm64']).toEqual({
      version: '2.0.0',
      os: ['darwin'],
      cpu: ['arm64'],
      dev: true,
      optional: true,
    });
    expect(Object.keys(lock.packages)).toEqual([
      '',
      'node_modules/@tool/bin-darwin-arm64',
      'node_modules/@tool/bin-linux-x64-gnu',
      'node_modules/tool',
    ]);
    // A second run finds nothing to add.
    expect(completeLockfile(lock)).toEqual([]);
  });

  it('nests the binaries of a nested parent when no sibling is recorded', () => {
    const lock = {
      packages: {
        '': { name: 'app' },
        'node_modules/@tool/bin-darwin-x64': { version: '1.0.0' },
        'node_modules/other/node_modules/tool': {
          version: '2.0.0',
          optionalDependencies: { '@tool/bin-darwin-x64': '2.0.0' },
        },
      } as Record<string, Record<string, unknown>>,
    };
    // The hoisted 1.0.0 is what npm resolves from there: nothing is added over it.
    expect(completeLockfile(lock)).toEqual([]);
  });
});

describe('the committed package-lock.json', () => {
  it('lists every platform’s binaries, so npm ci passes on a fresh clone', () => {
    expect(completeLockfile(readLock())).toEqual([]);
  });

  it('holds no package that declares it needs a newer Node than the project runs on', () => {
    const projectNode = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines
      .node as string;
    const oldestSupported = semver.minVersion(projectNode)?.version ?? '20.19.0';
    const tooNew = Object.entries(readLock().packages)
      .filter(([, entry]) => entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(oldestSupported, entry.engines?.node ?? '*'))
      .map(([key, entry]) => `${key}@${entry.version} (node ${entry.engines?.node})`);
    expect(tooNew).toEqual([]);
  });
});
