import path from 'node:path';
import { LocalFolderReleaseStore } from './local-folder.release-store';
import { PointersFile } from './pointers';
import type { ReleaseStore } from './release-store.port';
import { StorageReleaseStore } from './storage.release-store';

type Env = Readonly<Record<string, string | undefined>>;

/** Where an environment keeps its releases and its pointers (docs/configuration.md). */
export interface ReleaseSettings {
  /** `local`: a folder (`dir`); `s3`: the S3-compatible bucket of the storage port (`S3_*`). */
  store: 'local' | 's3';
  dir: string;
  pointersFile: string;
  /** Where browsers load released versions from (a CDN over the store), when not the edge. */
  publicUrl?: string;
  /** Key prefix of the releases in the bucket. */
  s3Prefix: string;
}

function choice<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const value = env[name]?.trim() || fallback;
  if (!(values as readonly string[]).includes(value)) {
    throw new Error(`${name} must be one of ${values.join(', ')}, got "${value}"`);
  }
  return value as T;
}

/** Reads `RELEASE_STORE`, `RELEASES_DIR`, `RELEASE_POINTERS_FILE`, `RELEASES_PUBLIC_URL`. */
export function releaseSettingsFromEnv(env: Env, cwd = process.cwd()): ReleaseSettings {
  const dataDir = path.resolve(cwd, env.DATA_DIR?.trim() || '.data');
  const dir = path.resolve(cwd, env.RELEASES_DIR?.trim() || path.join(dataDir, 'releases'));
  const publicUrl = env.RELEASES_PUBLIC_URL?.trim();
  if (publicUrl && !/^https?:\/\//.test(publicUrl)) {
    throw new Error(`RELEASES_PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
  }
  return {
    store: choice(env, 'RELEASE_STORE', ['local', 's3'], 'local'),
    dir,
    pointersFile: path.resolve(
      cwd,
      env.RELEASE_POINTERS_FILE?.trim() || path.join(dir, 'pointers.json'),
    ),
    ...(publicUrl ? { publicUrl: publicUrl.replace(/\/+$/, '') } : {}),
    s3Prefix: `${env.S3_PREFIX ?? ''}releases/`,
  };
}

/** The configured store; `s3` reads the storage port's `S3_*` variables. */
export async function createReleaseStore(
  settings: ReleaseSettings,
  env: Env,
): Promise<ReleaseStore> {
  if (settings.store === 'local') return new LocalFolderReleaseStore(settings.dir);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('S3_BUCKET is required with RELEASE_STORE=s3');
  // Loaded only here (the AWS SDK is slow to load), and the adapter itself rather than the
  // storage package's index, which brings the server kit along: the edge server bundles this.
  const { S3Storage } = await import('@mechabrim/storage/src/s3.storage');
  const storage = new S3Storage({
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || undefined,
    prefix: '',
  });
  return new StorageReleaseStore(storage, settings.s3Prefix);
}

export function pointersFileOf(settings: ReleaseSettings): PointersFile {
  return new PointersFile(settings.pointersFile);
}
