import { randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import {
  chmod,
  copyFile,
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  isReleaseFilePath,
  type ReleaseInfo,
  type ReleaseSource,
  type ReleaseStore,
} from './release-store.port';
import { ReleaseError, isVersion, type RemoteId } from './remotes';

const READ_ONLY = 0o444;

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Releases in a local folder (`.data/releases` by default): `<remote>/<version>/…` holds the
 * files, `<remote>/<version>.json` describes them and is written last, so a version is published
 * once its description is there. The files are copied into a staging folder and renamed into
 * place in one step, and left read-only.
 */
export class LocalFolderReleaseStore implements ReleaseStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  folderOf(remote: RemoteId, version: string): string {
    if (!isVersion(version)) throw new ReleaseError('bad-version', `not a version: ${version}`);
    return path.join(this.root, remote, version);
  }

  private descriptionOf(remote: RemoteId, version: string): string {
    return `${this.folderOf(remote, version)}.json`;
  }

  async publish(release: Omit<ReleaseInfo, 'files'>, source: ReleaseSource): Promise<ReleaseInfo> {
    const { remote, version } = release;
    const folder = this.folderOf(remote, version);
    const description = this.descriptionOf(remote, version);
    const refuse = (why = '') =>
      new ReleaseError('version-exists', `${remote} ${version} is already published${why}`);
    if (await exists(description)) throw refuse();
    if (await exists(folder)) throw refuse(` (an unfinished publish left ${folder})`);
    const bad = source.files.find((file) => !isReleaseFilePath(file));
    if (bad) throw new Error(`a file name a release cannot hold: ${JSON.stringify(bad)}`);

    const staging = path.join(this.root, remote, `.staging-${version}-${randomUUID()}`);
    try {
      for (const file of source.files) {
        const target = path.join(staging, ...file.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(path.join(source.dir, ...file.split('/')), target, constants.COPYFILE_EXCL);
        await chmod(target, READ_ONLY);
      }
      await mkdir(staging, { recursive: true });
      try {
        await rename(staging, folder);
      } catch (error) {
        // Another publish of the same version got there first.
        if (await exists(folder)) throw refuse();
        throw error;
      }
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
    const info: ReleaseInfo = { ...release, files: [...source.files] };
    try {
      await writeFile(description, `${JSON.stringify(info, null, 2)}\n`, { flag: 'wx' });
    } catch (error) {
      if ((error as { code?: string }).code === 'EEXIST') throw refuse();
      throw error;
    }
    await chmod(description, READ_ONLY);
    return info;
  }

  async list(remote: RemoteId): Promise<ReleaseInfo[]> {
    let names: string[];
    try {
      names = await readdir(path.join(this.root, remote));
    } catch {
      return [];
    }
    const versions = names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter(isVersion);
    const infos = await Promise.all(versions.map((version) => this.find(remote, version)));
    return infos
      .filter((info): info is ReleaseInfo => info !== null)
      .sort((a, b) => a.number - b.number);
  }

  async find(remote: RemoteId, version: string): Promise<ReleaseInfo | null> {
    if (!isVersion(version)) return null;
    try {
      return JSON.parse(await readFile(this.descriptionOf(remote, version), 'utf8')) as ReleaseInfo;
    } catch {
      return null;
    }
  }

  async remove(remote: RemoteId, version: string): Promise<void> {
    const folder = this.folderOf(remote, version);
    await rm(this.descriptionOf(remote, version), { force: true });
    await rm(folder, { recursive: true, force: true });
  }

  async open(remote: RemoteId, version: string, file: string): Promise<Readable | null> {
    if (!isVersion(version) || !isReleaseFilePath(file)) return null;
    const target = path.join(this.folderOf(remote, version), ...file.split('/'));
    const found = await stat(target).catch(() => null);
    return found?.isFile() ? createReadStream(target) : null;
  }
}
