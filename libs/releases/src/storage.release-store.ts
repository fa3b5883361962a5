import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { contentType } from 'mime-types';
import type { StoragePort } from '@mechabrim/storage';
import {
  isReleaseFilePath,
  type ReleaseInfo,
  type ReleaseSource,
  type ReleaseStore,
} from './release-store.port';
import { ReleaseError, isVersion, type RemoteId } from './remotes';

/** The Content-Type of an object a CDN serves straight from the bucket, by its name (mime-db). */
function contentTypeOf(file: string): string | undefined {
  return contentType(path.extname(file)) || undefined;
}
const JSON_TYPE = 'application/json; charset=utf-8';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && error.name === 'StorageNotFoundError';
}

/**
 * Releases in object storage through the storage port (S3-compatible in production), under
 * `prefix`: `<remote>/<version>/…` the files, `<remote>/<version>.json` the description (written
 * after the files: a version is published once it is there), `<remote>/index.json` the list of
 * releases (object storage has no folders to read).
 */
export class StorageReleaseStore implements ReleaseStore {
  constructor(
    private readonly storage: StoragePort,
    private readonly prefix = 'releases/',
  ) {}

  private key(remote: RemoteId, version: string, file?: string): string {
    if (!isVersion(version)) throw new ReleaseError('bad-version', `not a version: ${version}`);
    return file === undefined
      ? `${this.prefix}${remote}/${version}.json`
      : `${this.prefix}${remote}/${version}/${file}`;
  }

  private indexKey(remote: RemoteId): string {
    return `${this.prefix}${remote}/index.json`;
  }

  async publish(release: Omit<ReleaseInfo, 'files'>, source: ReleaseSource): Promise<ReleaseInfo> {
    const { remote, version } = release;
    if (await this.storage.exists(this.key(remote, version))) {
      throw new ReleaseError('version-exists', `${remote} ${version} is already published`);
    }
    const bad = source.files.find((file) => !isReleaseFilePath(file));
    if (bad) throw new Error(`a file name a release cannot hold: ${JSON.stringify(bad)}`);
    for (const file of source.files) {
      const body = await readFile(path.join(source.dir, ...file.split('/')));
      await this.storage.put(this.key(remote, version, file), body, {
        contentType: contentTypeOf(file),
      });
    }
    const info: ReleaseInfo = { ...release, files: [...source.files] };
    await this.storage.put(this.key(remote, version), Buffer.from(JSON.stringify(info)), {
      contentType: JSON_TYPE,
    });
    const index = await this.index(remote);
    const { files: _files, ...summary } = info;
    await this.storage.put(
      this.indexKey(remote),
      Buffer.from(JSON.stringify([...index.filter((r) => r.version !== version), summary])),
      { contentType: JSON_TYPE },
    );
    return info;
  }

  private async index(remote: RemoteId): Promise<Omit<ReleaseInfo, 'files'>[]> {
    try {
      const parsed = JSON.parse(
        (await readAll(await this.storage.get(this.indexKey(remote)))).toString('utf8'),
      ) as unknown;
      return Array.isArray(parsed) ? (parsed as Omit<ReleaseInfo, 'files'>[]) : [];
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
  }

  async list(remote: RemoteId): Promise<ReleaseInfo[]> {
    const versions = (await this.index(remote)).map((release) => release.version);
    const infos = await Promise.all(versions.map((version) => this.find(remote, version)));
    return infos
      .filter((info): info is ReleaseInfo => info !== null)
      .sort((a, b) => a.number - b.number);
  }

  async find(remote: RemoteId, version: string): Promise<ReleaseInfo | null> {
    if (!isVersion(version)) return null;
    try {
      const text = (await readAll(await this.storage.get(this.key(remote, version)))).toString();
      return JSON.parse(text) as ReleaseInfo;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(remote: RemoteId, version: string): Promise<void> {
    const release = await this.find(remote, version);
    const index = await this.index(remote);
    await this.storage.put(
      this.indexKey(remote),
      Buffer.from(JSON.stringify(index.filter((r) => r.version !== version))),
      { contentType: JSON_TYPE },
    );
    await this.storage.delete(this.key(remote, version));
    for (const file of release?.files ?? []) {
      await this.storage.delete(this.key(remote, version, file));
    }
  }

  async open(remote: RemoteId, version: string, file: string): Promise<Readable | null> {
    if (!isVersion(version) || !isReleaseFilePath(file)) return null;
    try {
      return await this.storage.get(this.key(remote, version, file));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }
}
