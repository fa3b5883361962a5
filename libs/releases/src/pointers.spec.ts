import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalFolderReleaseStore } from './local-folder.release-store';
import { PointersFile, canaried, promoted, rolledBack } from './pointers';
import {
  canary,
  describeReleases,
  promote,
  publishBuild,
  rollback,
  type ReleaseContext,
} from './release-commands';
import { ReleaseError } from './remotes';

const V1 = '1-aaaaaaaaaa';
const V2 = '2-bbbbbbbbbb';
const V3 = '3-cccccccccc';

describe('pointer changes', () => {
  it('promoting remembers the live version, and rolling back returns to it', () => {
    const one = promoted({}, V1);
    const two = promoted(one, V2);
    const three = promoted(two, V3);
    expect(three).toEqual({ live: V3, previous: [V1, V2] });
    expect(rolledBack(three, 'storefront')).toEqual({ live: V2, previous: [V1] });
    expect(rolledBack(rolledBack(three, 'storefront'), 'storefront')).toEqual({ live: V1 });
  });

  it("rolling back the first live version returns to the remote's own build", () => {
    expect(rolledBack({ live: V1 }, 'checkout')).toEqual({});
    expect(() => rolledBack({}, 'checkout')).toThrow(ReleaseError);
  });

  it('a canary names a version and a share; promoting that version ends it, 0 ends it too', () => {
    const trying = canaried({ live: V1 }, V2, 30);
    expect(trying).toEqual({ live: V1, candidate: { version: V2, share: 30 } });
    expect(promoted(trying, V2)).toEqual({ live: V2, previous: [V1] });
    expect(canaried(trying, V2, 0)).toEqual({ live: V1 });
    expect(() => canaried(trying, V2, 100)).toThrow(/1 to 99/);
    expect(() => canaried(trying, V2, 12.5)).toThrow(ReleaseError);
    expect(() => canaried({ live: V2 }, V2, 10)).toThrow(/already live/);
  });

  it('a rollback ends a canary', () => {
    expect(
      rolledBack({ live: V2, previous: [V1], candidate: { version: V3, share: 5 } }, 'storefront'),
    ).toEqual({
      live: V1,
    });
  });
});

describe('the pointers file', () => {
  let root: string;
  let context: ReleaseContext;
  let versions: string[];

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'pointers-'));
    let clock = Date.parse('2026-11-29T08:00:00Z');
    context = {
      store: new LocalFolderReleaseStore(path.join(root, 'releases')),
      pointers: new PointersFile(path.join(root, 'releases', 'pointers.json')),
      actor: 'dana',
      now: () => new Date((clock += 60_000)),
    };
    versions = [];
    const dist = path.join(root, 'dist');
    await mkdir(dist, { recursive: true });
    for (const n of [1, 2, 3]) {
      await writeFile(path.join(dist, 'remoteEntry.js'), `entry ${n}`);
      versions.push((await publishBuild(context, 'storefront', dist)).release.version);
    }
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('without a file, no remote has a pointer', async () => {
    expect(context.pointers.current()).toEqual({});
    expect(await context.pointers.read()).toEqual({});
  });

  it('records every change with who, when, from and to', async () => {
    const [v1, v2, v3] = versions as [string, string, string];
    await promote(context, 'storefront', v1);
    await promote(context, 'storefront', v2);
    await canary(context, 'storefront', v3, 25);
    await rollback({ ...context, actor: 'ci-job' }, 'storefront');

    expect(context.pointers.current()).toEqual({ storefront: { live: v1 } });
    const history = await context.pointers.history('storefront');
    expect(history.map(({ action, actor }) => `${action} by ${actor}`)).toEqual([
      'promote by dana',
      'promote by dana',
      'canary by dana',
      'rollback by ci-job',
    ]);
    expect(history[2]).toEqual({
      at: '2026-11-29T08:06:00.000Z',
      actor: 'dana',
      remote: 'storefront',
      action: 'canary',
      from: { live: v2, candidate: null },
      to: { live: v2, candidate: { version: v3, share: 25 } },
    });
    expect(history[3]?.from).toEqual({ live: v2, candidate: { version: v3, share: 25 } });
    expect(history[3]?.to).toEqual({ live: v1, candidate: null });
    expect(await context.pointers.history('checkout')).toEqual([]);
  });

  it('refuses to point at a version that was never published', async () => {
    await expect(promote(context, 'storefront', '9-0123456789')).rejects.toMatchObject({
      type: 'no-such-version',
    });
    await expect(canary(context, 'checkout', versions[0] ?? '', 10)).rejects.toMatchObject({
      type: 'no-such-version',
    });
    expect(await context.pointers.history()).toEqual([]);
  });

  it('lists the versions newest first with which is live and which is the candidate', async () => {
    const [v1, v2, v3] = versions as [string, string, string];
    await promote(context, 'storefront', v1);
    await promote(context, 'storefront', v2);
    await canary(context, 'storefront', v3, 10);
    const rows = await describeReleases(context, 'storefront');
    expect(rows.map(({ version, status, share }) => ({ version, status, share }))).toEqual([
      { version: v3, status: 'candidate', share: 10 },
      { version: v2, status: 'live', share: undefined },
      { version: v1, status: 'previous', share: undefined },
    ]);
    expect(rows[1]?.since).toBe('2026-11-29T08:05:00.000Z');
    expect(rows[0]?.publishedBy).toBe('dana');
  });

  it('a reader sees a change made by another process, and keeps the last good pointers over a broken file', async () => {
    const [v1, v2] = versions as [string, string];
    const reader = new PointersFile(context.pointers.file);
    await promote(context, 'storefront', v1);
    expect(reader.current().storefront?.live).toBe(v1);
    await promote(context, 'storefront', v2);
    expect(reader.current().storefront?.live).toBe(v2);

    const errors: unknown[] = [];
    await writeFile(reader.file, '{ "storefront": { "live": "not a version" } }');
    const later = new Date(Date.now() + 5000);
    await utimes(reader.file, later, later);
    expect(reader.current((error) => errors.push(error)).storefront?.live).toBe(v2);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/storefront\.live is not a version/);
    expect(await readFile(reader.file, 'utf8')).toContain('not a version');
  });

  it('reports a broken file once, not on every page load, and again only once it changes', async () => {
    const [v1] = versions as [string];
    const reader = new PointersFile(context.pointers.file);
    await promote(context, 'storefront', v1);
    expect(reader.current().storefront?.live).toBe(v1);

    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    await writeFile(reader.file, '{ "storefront": ');
    const later = new Date(Date.now() + 5000);
    await utimes(reader.file, later, later);
    for (let load = 0; load < 3; load++) {
      expect(reader.current(onError)).toEqual({ storefront: { live: v1 } });
    }
    expect(errors).toHaveLength(1);

    // Broken another way: reported again, once.
    await writeFile(reader.file, '{ "nowhere": {} }');
    const later2 = new Date(Date.now() + 10_000);
    await utimes(reader.file, later2, later2);
    expect(reader.current(onError)).toEqual({ storefront: { live: v1 } });
    expect(reader.current(onError)).toEqual({ storefront: { live: v1 } });
    expect(errors).toHaveLength(2);
    expect(String(errors[1])).toMatch(/unknown remote "nowhere"/);

    // Mended: read again.
    await writeFile(reader.file, JSON.stringify({ storefront: { live: versions[1] } }));
    expect(reader.current(onError)).toEqual({ storefront: { live: versions[1] } });
    expect(errors).toHaveLength(2);
  });

  it('keeps the last good pointers when the file cannot be looked at, and drops them only when it is gone', async () => {
    const [v1] = versions as [string];
    const folder = path.join(root, 'env');
    const reader = new PointersFile(path.join(folder, 'pointers.json'));
    await mkdir(folder);
    await writeFile(reader.file, JSON.stringify({ storefront: { live: v1 } }));
    expect(reader.current()).toEqual({ storefront: { live: v1 } });

    // The folder replaced by a file: stat fails with ENOTDIR, not ENOENT.
    await rm(folder, { recursive: true });
    await writeFile(folder, '');
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    expect(reader.current(onError)).toEqual({ storefront: { live: v1 } });
    expect(reader.current(onError)).toEqual({ storefront: { live: v1 } });
    expect(errors).toHaveLength(1);
    expect((errors[0] as { code?: string }).code).toBe('ENOTDIR');

    // No file at all: every remote from its own build.
    await rm(folder);
    expect(reader.current(onError)).toEqual({});
    expect(errors).toHaveLength(1);
  });
});
