import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
// The adapter itself, not the package's index (which brings the server kit along).
import { LocalDiskStorage } from '@mechabrim/storage/src/local-disk.storage';
import { LocalFolderReleaseStore } from './local-folder.release-store';
import { PointersFile } from './pointers';
import {
  canary,
  promote,
  prune,
  publishBuild,
  rollback,
  type ReleaseContext,
} from './release-commands';
import type { ReleaseStore } from './release-store.port';
import { ReleaseError, VERSION_PATTERN } from './remotes';
import { StorageReleaseStore } from './storage.release-store';

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** A remote's build folder with the given files. */
async function build(dir: string, files: Record<string, string>): Promise<string> {
  await rm(dir, { recursive: true, force: true });
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  return dir;
}

const V1 = {
  'remoteEntry.js': 'entry v1',
  'mf-manifest.json': '{"shared":[]}',
  '412.a1b2c3d4.js': 'chunk v1',
  'server/landing.cjs': 'exports.renderLanding = () => null;',
};

describe.each<[string, (root: string) => ReleaseStore]>([
  ['a local folder', (root) => new LocalFolderReleaseStore(path.join(root, 'releases'))],
  [
    'the storage port',
    (root) => new StorageReleaseStore(new LocalDiskStorage(path.join(root, 'bucket'))),
  ],
])('the release store in %s', (_name, makeStore) => {
  let root: string;
  let context: ReleaseContext;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'releases-'));
    context = {
      store: makeStore(root),
      pointers: new PointersFile(path.join(root, 'pointers.json')),
      actor: 'dana',
      now: () => new Date('2026-11-29T08:00:00Z'),
    };
  });
  afterEach(async () => {
    await chmod(root, 0o755).catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  });

  it('publishes a build under its release number and content hash, server renderer included', async () => {
    const dir = await build(path.join(root, 'dist'), V1);
    const { release, published } = await publishBuild(context, 'storefront', dir);
    expect(published).toBe(true);
    expect(release.version).toMatch(VERSION_PATTERN);
    expect(release.version).toBe(`1-${release.contentHash.slice(0, 10)}`);
    expect(release).toMatchObject({
      number: 1,
      publishedBy: 'dana',
      publishedAt: '2026-11-29T08:00:00.000Z',
    });
    expect(release.files).toEqual(Object.keys(V1).sort());
    const open = (file: string) => context.store.open('storefront', release.version, file);
    expect(await text(await open('remoteEntry.js'))).toBe('entry v1');
    expect(await text(await open('server/landing.cjs'))).toContain('renderLanding');
    expect(await open('missing.js')).toBeNull();
    expect(await open('../../pointers.json')).toBeNull();
    expect(await context.store.list('checkout')).toEqual([]);
  });

  it('numbers the next build 2 and keeps version 1 as it was', async () => {
    const dir = await build(path.join(root, 'dist'), V1);
    const first = (await publishBuild(context, 'storefront', dir)).release;
    await build(dir, { ...V1, 'remoteEntry.js': 'entry v2' });
    const second = (await publishBuild(context, 'storefront', dir)).release;
    expect(second.number).toBe(2);
    expect(second.contentHash).not.toBe(first.contentHash);
    expect((await context.store.list('storefront')).map((r) => r.version)).toEqual([
      first.version,
      second.version,
    ]);
    expect(
      await text(await context.store.open('storefront', first.version, 'remoteEntry.js')),
    ).toBe('entry v1');
  });

  it('does not publish the same files again', async () => {
    const dir = await build(path.join(root, 'dist'), V1);
    const first = await publishBuild(context, 'storefront', dir);
    const again = await publishBuild(context, 'storefront', dir);
    expect(again).toEqual({ release: first.release, published: false });
    expect(await context.store.list('storefront')).toHaveLength(1);
  });

  it('refuses to write a version that exists', async () => {
    const dir = await build(path.join(root, 'dist'), V1);
    const { release } = await publishBuild(context, 'storefront', dir);
    await build(dir, { ...V1, 'remoteEntry.js': 'something else' });
    const { files: _files, ...description } = release;
    const attempt = context.store.publish(description, { dir, files: Object.keys(V1) });
    await expect(attempt).rejects.toBeInstanceOf(ReleaseError);
    await expect(attempt).rejects.toMatchObject({ type: 'version-exists' });
    expect(
      await text(await context.store.open('storefront', release.version, 'remoteEntry.js')),
    ).toBe('entry v1');
  });

  it('prunes only versions no environment points to, nor did or published within the retention', async () => {
    let clock = Date.parse('2026-09-01T08:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    context.now = () => new Date(clock);
    const dir = path.join(root, 'dist');
    const versions: string[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) {
      await build(dir, { ...V1, 'remoteEntry.js': `entry v${n}` });
      versions.push((await publishBuild(context, 'storefront', dir)).release.version);
    }
    const [v1, v2, v3, v4, v5, v6] = versions as [string, string, string, string, string, string];
    // Another environment (staging) still runs v1.
    const staging: ReleaseContext = {
      ...context,
      pointers: new PointersFile(path.join(root, 'staging', 'pointers.json')),
    };
    await promote(staging, 'storefront', v1);
    await promote(context, 'storefront', v2);
    await promote(context, 'storefront', v3);
    await rollback(context, 'storefront'); // back to v2: v3 is no longer pointed to
    await promote(context, 'storefront', v4); // v2 is what a rollback returns to
    clock += 40 * day;
    await canary(context, 'storefront', v5, 10);
    await canary(context, 'storefront', v5, 0); // v5 was pointed to 10 days before the prune
    clock += 10 * day;
    // v6: published 50 days ago, never pointed to.
    const dry = await prune(context, 'storefront', {
      retentionDays: 30,
      otherPointers: [staging.pointers.file],
      dryRun: true,
    });
    expect(dry.removed.sort()).toEqual([v3, v6].sort());
    expect(await context.store.list('storefront')).toHaveLength(6);

    const done = await prune(context, 'storefront', {
      retentionDays: 30,
      otherPointers: [staging.pointers.file],
    });
    expect(done.removed.sort()).toEqual([v3, v6].sort());
    expect(Object.fromEntries(done.kept.map((k) => [k.version, k.why]))).toEqual({
      [v1]: 'live',
      [v2]: 'a rollback returns to it',
      [v4]: 'live',
      [v5]: 'pointed to within 30 days',
    });
    expect((await context.store.list('storefront')).map((r) => r.version)).toEqual([
      v1,
      v2,
      v4,
      v5,
    ]);
    expect(await context.store.find('storefront', v3)).toBeNull();
    expect(await context.store.open('storefront', v3, 'remoteEntry.js')).toBeNull();
    expect(await text(await context.store.open('storefront', v4, 'remoteEntry.js'))).toBe(
      'entry v4',
    );
    // Without the other environment's pointers, its live version would go too.
    const alone = await prune(context, 'storefront', { retentionDays: 30, dryRun: true });
    expect(alone.removed).toEqual([v1]);
  });

  it('refuses a folder that is not a remote build', async () => {
    const dir = await build(path.join(root, 'dist'), { 'index.html': '<!doctype html>' });
    await expect(publishBuild(context, 'storefront', dir)).rejects.toThrow(/remoteEntry\.js/);
  });
});

describe('the local folder release store', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'releases-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('leaves the released files read-only, in <remote>/<version>/', async () => {
    const store = new LocalFolderReleaseStore(path.join(root, 'releases'));
    const dir = await build(path.join(root, 'dist'), V1);
    const { release } = await publishBuild(
      { store, pointers: new PointersFile(path.join(root, 'p.json')), actor: 'dana' },
      'checkout',
      dir,
    );
    const folder = store.folderOf('checkout', release.version);
    expect(folder).toBe(path.join(root, 'releases', 'checkout', release.version));
    expect(await readFile(path.join(folder, 'remoteEntry.js'), 'utf8')).toBe('entry v1');
    expect((await stat(path.join(folder, 'remoteEntry.js'))).mode & 0o222).toBe(0);
  });
});
