import path from 'node:path';
import { LocalFolderReleaseStore } from './local-folder.release-store';
import { createReleaseStore, releaseSettingsFromEnv } from './release-config';
import { StorageReleaseStore } from './storage.release-store';
import { retentionDaysFromEnv } from './retention';

describe('release settings', () => {
  it('keep releases and pointers under DATA_DIR by default', () => {
    expect(releaseSettingsFromEnv({}, '/repo')).toEqual({
      store: 'local',
      dir: '/repo/.data/releases',
      pointersFile: '/repo/.data/releases/pointers.json',
      s3Prefix: 'releases/',
    });
    expect(releaseSettingsFromEnv({ DATA_DIR: '/srv/data' }, '/repo').pointersFile).toBe(
      '/srv/data/releases/pointers.json',
    );
  });

  it('take each place from its own variable', () => {
    const settings = releaseSettingsFromEnv(
      {
        RELEASES_DIR: 'shared/releases',
        RELEASE_POINTERS_FILE: '/etc/mechabrim/staging-pointers.json',
        RELEASES_PUBLIC_URL: 'https://cdn.example/remotes/',
        S3_PREFIX: 'mechabrim/',
      },
      '/repo',
    );
    expect(settings).toEqual({
      store: 'local',
      dir: path.join('/repo', 'shared/releases'),
      pointersFile: '/etc/mechabrim/staging-pointers.json',
      publicUrl: 'https://cdn.example/remotes',
      s3Prefix: 'mechabrim/releases/',
    });
    expect(() => releaseSettingsFromEnv({ RELEASE_STORE: 'ftp' })).toThrow(/RELEASE_STORE/);
    expect(() => releaseSettingsFromEnv({ RELEASES_PUBLIC_URL: 'cdn.example' })).toThrow(
      /RELEASES_PUBLIC_URL/,
    );
  });

  it('choose the store: a local folder, or the bucket of the storage port', async () => {
    expect(await createReleaseStore(releaseSettingsFromEnv({}, '/repo'), {})).toBeInstanceOf(
      LocalFolderReleaseStore,
    );
    const s3 = releaseSettingsFromEnv({ RELEASE_STORE: 's3' }, '/repo');
    await expect(createReleaseStore(s3, {})).rejects.toThrow(/S3_BUCKET/);
    expect(await createReleaseStore(s3, { S3_BUCKET: 'releases' })).toBeInstanceOf(
      StorageReleaseStore,
    );
  });

  it('keep versions 30 days after they were last pointed to, or RELEASE_RETENTION_DAYS', () => {
    expect(retentionDaysFromEnv({})).toBe(30);
    expect(retentionDaysFromEnv({ RELEASE_RETENTION_DAYS: ' 90 ' })).toBe(90);
    for (const wrong of ['0', '-3', '1.5', 'week']) {
      expect(() => retentionDaysFromEnv({ RELEASE_RETENTION_DAYS: wrong })).toThrow(
        /RELEASE_RETENTION_DAYS/,
      );
    }
  });
});
