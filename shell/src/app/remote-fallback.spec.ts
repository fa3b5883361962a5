import { satisfy } from '@module-federation/enhanced/runtime';
import {
  hasFallback,
  isChunkLoadError,
  manifestAt,
  nextStage,
  unmetRequirements,
  versionOfManifest,
  type LoadFailure,
  type LoadStage,
  type RemoteEntries,
} from './remote-fallback';

const V2 = 'http://localhost:4201/remotes/storefront/2-bbbbbbbbbb/mf-manifest.json';
const V3 = 'http://localhost:4201/remotes/storefront/3-cccccccccc/mf-manifest.json';

/** The manifests a load goes through when every stage fails with `failure`. */
function stagesTried(entries: RemoteEntries, failure: (stage: LoadStage) => LoadFailure) {
  const tried: string[] = [];
  for (
    let stage: LoadStage | null = 'entry';
    stage;
    stage = nextStage(stage, failure(stage), entries)
  ) {
    tried.push(`${stage} ${manifestAt(stage, entries)}`);
  }
  return tried;
}

describe('a remote that does not load', () => {
  it('is retried once, then loaded from its fallback (the last live version)', () => {
    expect(stagesTried({ entry: V3, fallback: V2 }, () => 'unavailable')).toEqual([
      `entry ${V3}`,
      `retry ${V3}`,
      `fallback ${V2}`,
    ]);
  });

  it('without a fallback is retried once, then given up (the Hebrew fallback)', () => {
    expect(stagesTried({ entry: V3 }, () => 'unavailable')).toEqual([`entry ${V3}`, `retry ${V3}`]);
    expect(stagesTried({ entry: V3, fallback: V3 }, () => 'unavailable')).toHaveLength(2);
    expect(hasFallback({ entry: V3, fallback: V3 })).toBe(false);
  });

  it('goes straight to its fallback when the shell cannot run it (retrying would not help)', () => {
    expect(stagesTried({ entry: V3, fallback: V2 }, () => 'incompatible')).toEqual([
      `entry ${V3}`,
      `fallback ${V2}`,
    ]);
    expect(stagesTried({ entry: V3 }, () => 'incompatible')).toEqual([`entry ${V3}`]);
  });

  it('recovers from a lazy chunk of a mounted version at the next stage, never past the fallback', () => {
    const entries = { entry: V3, fallback: V2 };
    expect(nextStage('entry', 'unavailable', entries)).toBe('retry');
    expect(nextStage('retry', 'unavailable', entries)).toBe('fallback');
    expect(nextStage('fallback', 'unavailable', entries)).toBeNull();
  });

  it('tells a chunk that did not load from other errors', () => {
    const chunk = Object.assign(new Error('Loading chunk 218 failed.\n(error: x)'), {
      name: 'ChunkLoadError',
    });
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk route-books failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('render failed'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });

  it('names the released version of a manifest, or the remote’s own build', () => {
    expect(versionOfManifest(V2)).toBe('2-bbbbbbbbbb');
    expect(
      versionOfManifest('https://cdn.example/r/author-portal/12-0a1b2c/mf-manifest.json'),
    ).toBe('own-build');
    expect(
      versionOfManifest('https://cdn.example/remotes/author-portal/12-0a1b2c/mf-manifest.json'),
    ).toBe('12-0a1b2c');
    expect(versionOfManifest('http://localhost:4201/mf-manifest.json')).toBe('own-build');
  });
});

describe('a remote built against other shared versions', () => {
  // What a built remote's mf-manifest.json says (storefront/dist/mf-manifest.json's `shared`).
  const manifest = (react: string) => ({
    shared: [
      { name: 'react', singleton: true, requiredVersion: react, version: '19.3.1' },
      { name: '@mechabrim/cart-store', singleton: true, requiredVersion: '^0.1.0' },
      { name: 'left-pad', singleton: false, requiredVersion: '^9.0.0' },
      { name: 'zustand', singleton: true, requiredVersion: false },
    ],
  });
  const shell = { react: '19.3.1', '@mechabrim/cart-store': '0.1.0', zustand: '5.1.0' };

  it('is run when the shell satisfies every singleton’s range', () => {
    expect(unmetRequirements(manifest('^19.3.1'), shell, satisfy)).toEqual([]);
  });

  it('is refused naming the package, its range and what the shell provides', () => {
    expect(unmetRequirements(manifest('^18.2.0'), shell, satisfy)).toEqual([
      { name: 'react', required: '^18.2.0', provided: '19.3.1' },
    ]);
    expect(
      unmetRequirements(
        manifest('^19.3.1'),
        { ...shell, '@mechabrim/cart-store': '1.0.0' },
        satisfy,
      ),
    ).toEqual([{ name: '@mechabrim/cart-store', required: '^0.1.0', provided: '1.0.0' }]);
  });

  it('leaves a package the shell does not provide, and a manifest without `shared`, to the runtime', () => {
    expect(unmetRequirements(manifest('^18.2.0'), {}, satisfy)).toEqual([]);
    expect(unmetRequirements({}, shell, satisfy)).toEqual([]);
    expect(unmetRequirements(null, shell, satisfy)).toEqual([]);
  });
});
