import path from 'node:path';
import { documented, enumVar, urlVar } from '@mechabrim/server-kit';
import { z } from 'zod';
import { LocalDiskStorage } from './local-disk.storage';
import type { S3StorageSettings } from './s3.storage';
import type { StoragePort } from './storage.port';

const optionalText = (description: string, fallback = 'none') =>
  documented(z.string().trim().min(1).optional(), { default: fallback, description });

/**
 * The storage variables, shared by the API (which stores uploads) and the worker (which reads
 * them and stores thumbnails and excerpts): both must point at the same store.
 */
export const storageEnvShape = {
  STORAGE_DRIVER: enumVar(
    ['local', 's3'],
    'local',
    'Where uploaded book files live: `local` under `${DATA_DIR}/files/`, `s3` in an S3-compatible bucket (`S3_*`)',
  ),
  S3_BUCKET: optionalText('Bucket of uploaded files', 'none (required with `STORAGE_DRIVER=s3`)'),
  S3_REGION: documented(z.string().trim().min(1).default('us-east-1'), {
    default: '`us-east-1`',
    description: "The bucket's region",
  }),
  S3_ENDPOINT: urlVar(['https:', 'http:'], {
    default: 'none (AWS S3)',
    description: 'An S3-compatible endpoint (MinIO, Cloudflare R2, …)',
  }),
  S3_FORCE_PATH_STYLE: enumVar(
    ['true', 'false'],
    'false',
    'Path-style bucket addressing (`true` for most S3-compatible servers such as MinIO)',
  ),
  S3_ACCESS_KEY_ID: optionalText('Access key id (unset: the AWS SDK default credential chain)'),
  S3_SECRET_ACCESS_KEY: optionalText('Secret access key'),
  S3_PREFIX: documented(z.string().trim().default(''), {
    default: 'empty',
    description: 'Prefix of every object key in the bucket (e.g. `mechabrim/`)',
  }),
};

type StorageEnv = z.output<z.ZodObject<typeof storageEnvShape>>;

export type StorageSettings =
  { driver: 'local'; root: string } | ({ driver: 's3' } & S3StorageSettings);

/** A `superRefine` step: `STORAGE_DRIVER=s3` needs a bucket. */
export function storageEnvRefinement(env: Partial<StorageEnv>, ctx: z.RefinementCtx): void {
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET)
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'is required with STORAGE_DRIVER=s3',
    });
}

/** The storage settings from parsed variables; local files live in `${dataDir}/files`. */
export function storageSettings(env: StorageEnv, dataDir: string): StorageSettings {
  if (env.STORAGE_DRIVER === 's3') {
    return {
      driver: 's3',
      bucket: env.S3_BUCKET ?? '',
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      prefix: env.S3_PREFIX,
    };
  }
  return { driver: 'local', root: path.resolve(dataDir, 'files') };
}

/**
 * The configured storage adapter. The S3 adapter, and with it the AWS SDK, is loaded only when
 * S3 is configured: loading the SDK was ~130 ms of every API and worker start on local disk.
 */
export async function createStorage(settings: StorageSettings): Promise<StoragePort> {
  if (settings.driver === 's3') {
    const { driver: _driver, ...s3 } = settings;
    const { S3Storage } = await import('./s3.storage');
    return new S3Storage(s3);
  }
  return new LocalDiskStorage(settings.root);
}
