import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalFolderReleaseStore, PointersFile, type ReleaseContext } from '@mechabrim/releases';
import { releaseBuilt } from './release-remote';
import { shellProvides } from './shell-shared';

describe('remote:release', () => {
  let root: string;
  let dist: string;
  let context: ReleaseContext;
  const provides = shellProvides({});

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'remote-release-'));
    dist = path.join(root, 'dist');
    await mkdir(dist);
    await writeFile(path.join(dist, 'remoteEntry.js'), 'entry');
    context = {
      store: new LocalFolderReleaseStore(path.join(root, 'releases')),
      pointers: new PointersFile(path.join(root, 'releases', 'pointers.json')),
      actor: 'dana',
    };
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const manifestWith = (react: string) =>
    writeFile(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({
        shared: [
          { name: 'react', singleton: true, requiredVersion: react },
          { name: '@mechabrim/cart-store', singleton: true, requiredVersion: '^0.1.0' },
        ],
      }),
    );

  it('knows what the shell provides from the one shared-singletons list', () => {
    expect(provides.react).toMatch(/^\d+\.\d+\.\d+/);
    expect(provides['@mechabrim/cart-store']).toBe('0.1.0');
    expect(provides['@mechabrim/session']).toBe('0.1.0');
  });

  it('publishes a remote the shell can run, with the ranges it requires', async () => {
    await manifestWith(`^${provides.react}`);
    const { release } = await releaseBuilt(context, 'storefront', dist, provides);
    expect(release.requires).toEqual({
      react: `^${provides.react}`,
      '@mechabrim/cart-store': '^0.1.0',
    });
  });

  it('refuses a remote built against a React the shell does not provide, and publishes nothing', async () => {
    await manifestWith('^99.0.0');
    await expect(releaseBuilt(context, 'storefront', dist, provides)).rejects.toThrow(
      `react: storefront requires ^99.0.0, the shell provides ${provides.react}`,
    );
    expect(await context.store.list('storefront')).toEqual([]);
  });
});
