// Released remotes (ARCHITECTURE.md decision 14): the environment's pointers name each remote's
// live version (and maybe a candidate with a share); this server
// - serves every published version at `/remotes/<remote>/<version>/…`, immutably: a page opened
//   on version N still finds N's lazy chunks after N+1 went live;
// - points the runtime config's remotes at the versions the pointers name (each reader in a
//   stable bucket, a cookie with a number from 0 to 99 and nothing else, so a reader keeps the
//   candidate or the live version from one page load to the next);
// - runs the landing renderer (`server/landing.cjs`) of the version the reader gets, so the
//   server's markup and the code that takes it over are the same release; the shell's server
//   gives a new reader a bucket with the page during a canary and forwards it to the renderer.
// Without pointers (a fresh clone) nothing changes: every remote is served from its own build.

import { randomInt, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parseCookie } from 'cookie';
import {
  REMOTE_IDS,
  RUNTIME_CONFIG_KEYS,
  isReleaseFilePath,
  isRemoteId,
  isVersion,
  type Pointers,
  type PointersFile,
  type ReleaseStore,
  type RemoteId,
  type RemotePointers,
} from '@mechabrim/releases';
import type { RuntimeConfig } from './runtime-config';

export interface EdgeReleases {
  store: ReleaseStore;
  pointers: PointersFile;
  /**
   * Where browsers load released versions from (`<publicUrl>/<remote>/<version>/…`, a CDN in
   * front of the store); absent: `remotes/` beside each remote's manifest, served by the edge.
   */
  publicUrl?: string;
}

export const RELEASES_PREFIX = '/remotes/';
/** The reader's bucket: a number from 0 to 99, the same on every page load. */
export const BUCKET_COOKIE = 'mb_bucket';
const BUCKET_MAX_AGE = 60 * 60 * 24 * 365;

/** `/remotes/<remote>/<version>/<file>` → its parts; `null` for anything else. */
export function parseReleasePath(
  urlPath: string,
): { remote: RemoteId; version: string; file: string } | null {
  if (!urlPath.startsWith(RELEASES_PREFIX)) return null;
  const [remote, version, ...rest] = urlPath.slice(RELEASES_PREFIX.length).split('/');
  const file = rest.join('/');
  if (!isRemoteId(remote) || !isVersion(version) || !isReleaseFilePath(file)) return null;
  return { remote, version, file };
}

/** The reader's bucket from the request's cookies, `null` when there is none (or a bad one). */
export function bucketOf(cookieHeader: string | undefined): number | null {
  const value = parseCookie(cookieHeader ?? '')[BUCKET_COOKIE];
  return value !== undefined && /^\d{1,2}$/.test(value) ? Number(value) : null;
}

/** A new reader's bucket and the `Set-Cookie` value that keeps it. */
export function newBucket(secure: boolean): { bucket: number; cookie: string } {
  const bucket = randomInt(100);
  const flags = `Path=/; Max-Age=${BUCKET_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return { bucket, cookie: `${BUCKET_COOKIE}=${bucket}; ${flags}` };
}

/**
 * The version a reader gets: the candidate when the reader's bucket is below its share, else
 * the live one; `null`: the remote's own build. Without a bucket, the live one.
 */
export function versionFor(
  pointers: RemotePointers | undefined,
  bucket: number | null,
): string | null {
  const candidate = pointers?.candidate;
  if (candidate && bucket !== null && bucket < candidate.share) return candidate.version;
  return pointers?.live ?? null;
}

/** Where a browser loads a version's manifest from. */
export function releasedManifestUrl(
  ownManifestUrl: string,
  remote: RemoteId,
  version: string,
  publicUrl?: string,
): string {
  const file = `${remote}/${version}/mf-manifest.json`;
  if (publicUrl) return `${publicUrl.replace(/\/+$/, '')}/${file}`;
  return new URL(`${RELEASES_PREFIX.slice(1)}${file}`, ownManifestUrl).href;
}

/**
 * The version a reader falls back to when the one they get does not load (the shell retries once,
 * then loads this): for a candidate, the live version; for the live version, the one live before
 * it. `null`: the remote's own build (what a rollback from the first version returns to).
 * `undefined`: no fallback (the reader already gets the remote's own build).
 */
export function fallbackFor(
  pointers: RemotePointers | undefined,
  bucket: number | null,
): string | null | undefined {
  const version = versionFor(pointers, bucket);
  if (!version) return undefined;
  if (version === pointers?.candidate?.version && version !== pointers.live) {
    return pointers.live ?? null;
  }
  return pointers?.previous?.at(-1) ?? null;
}

/**
 * The runtime config with each released remote pointed at the version the reader gets, and
 * `fallbacks` naming, per released remote, the manifest of the version to load if that one fails.
 */
export function withReleases(
  config: RuntimeConfig,
  pointers: Pointers,
  bucket: number | null,
  publicUrl?: string,
): RuntimeConfig {
  const remotes = { ...config.remotes };
  const fallbacks: NonNullable<RuntimeConfig['fallbacks']> = {};
  for (const remote of REMOTE_IDS) {
    const version = versionFor(pointers[remote], bucket);
    const key = RUNTIME_CONFIG_KEYS[remote];
    if (!version) continue;
    const own = remotes[key];
    remotes[key] = releasedManifestUrl(own, remote, version, publicUrl);
    const fallback = fallbackFor(pointers[remote], bucket);
    if (fallback !== undefined) {
      fallbacks[key] = fallback ? releasedManifestUrl(own, remote, fallback, publicUrl) : own;
    }
  }
  return Object.keys(fallbacks).length > 0
    ? { ...config, remotes, fallbacks }
    : { ...config, remotes };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Local copies of the released renderers of a store that keeps no files on this machine (object
 * storage): Node runs a renderer from disk. A version's renderer is copied on first demand; until
 * it is there, {@link folderOf} answers `null` (and the remote's own build draws the page).
 */
export class RendererCopies {
  private readonly ready = new Set<string>();
  private readonly copying = new Set<string>();

  constructor(
    private readonly store: ReleaseStore,
    readonly dir: string,
  ) {}

  folderOf(remote: RemoteId, version: string, onError?: (error: unknown) => void): string | null {
    const folder = path.join(this.dir, remote, version);
    if (this.ready.has(folder)) return folder;
    if (!this.copying.has(folder)) {
      this.copying.add(folder);
      this.copy(remote, version, folder).then(
        () => this.ready.add(folder),
        (error: unknown) => {
          // Tried again on a later page.
          this.copying.delete(folder);
          onError?.(error);
        },
      );
    }
    return null;
  }

  private async copy(remote: RemoteId, version: string, folder: string): Promise<void> {
    const partial = `${folder}.${randomUUID()}.partial`;
    try {
      for (const file of ['server/landing.cjs', 'server/landing.css']) {
        const stream = await this.store.open(remote, version, file);
        if (!stream) continue;
        await mkdir(path.join(partial, 'server'), { recursive: true });
        await writeFile(path.join(partial, file), await readAll(stream));
      }
      await mkdir(partial, { recursive: true });
      await mkdir(path.dirname(folder), { recursive: true });
      await rm(folder, { recursive: true, force: true });
      await rename(partial, folder);
    } finally {
      await rm(partial, { recursive: true, force: true });
    }
  }
}

/**
 * The landing renderer module to run for `remote` for a reader in `bucket`: the
 * `server/landing.cjs` of the version that reader gets, from the store's folder on this machine's
 * disk (or a local copy of it), else `fallback` (the remote's own build).
 */
export function landingModuleFor(
  releases: EdgeReleases,
  remote: RemoteId,
  fallback: string,
  bucket: number | null,
  options: { copies?: RendererCopies; onError?: (error: unknown) => void } = {},
): string {
  const version = versionFor(releases.pointers.current(options.onError)[remote], bucket);
  if (!version) return fallback;
  const folder = releases.store.folderOf
    ? releases.store.folderOf(remote, version)
    : (options.copies?.folderOf(remote, version, options.onError) ?? null);
  if (!folder) return fallback;
  const module = path.join(folder, 'server', 'landing.cjs');
  return existsSync(module) ? module : fallback;
}
