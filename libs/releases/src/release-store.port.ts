import type { Readable } from 'node:stream';
import type { RemoteId } from './remotes';

/** One published version of a remote, as the store describes it. */
export interface ReleaseInfo {
  remote: RemoteId;
  /** `<number>-<hash>` (remotes.ts). */
  version: string;
  number: number;
  /** SHA-256 of the released files (content-hash.ts), in hex. */
  contentHash: string;
  /** ISO 8601. */
  publishedAt: string;
  publishedBy: string;
  /** The released files, relative slash-separated paths (`remoteEntry.js`, `server/landing.cjs`). */
  files: string[];
  /** The shared singletons' required ranges the remote was built with (name → range). */
  requires?: Record<string, string>;
}

/** A build to publish: a local folder and the files in it that make the release. */
export interface ReleaseSource {
  dir: string;
  files: readonly string[];
}

/**
 * Where released remotes are kept (ARCHITECTURE.md decision 14): a strategy chosen by
 * configuration, a local folder under `.data/` or S3-compatible object storage through the
 * storage port. A version's files are written once and never changed: publishing a version that
 * exists is refused with a `version-exists` ReleaseError.
 */
export interface ReleaseStore {
  publish(release: Omit<ReleaseInfo, 'files'>, source: ReleaseSource): Promise<ReleaseInfo>;
  /** The remote's releases, oldest first. */
  list(remote: RemoteId): Promise<ReleaseInfo[]>;
  find(remote: RemoteId, version: string): Promise<ReleaseInfo | null>;
  /** A released file's bytes; `null` when the version or the file is not there. */
  open(remote: RemoteId, version: string, file: string): Promise<Readable | null>;
  /**
   * Removes a version (its description first: from then on it is not published, then its
   * files). Only `remote:prune` calls it, for versions no environment points to (retention.ts).
   */
  remove(remote: RemoteId, version: string): Promise<void>;
  /** The folder holding a version's files, for a store on local disk (served as files). */
  folderOf?(remote: RemoteId, version: string): string;
}

/** A file path inside a release: relative, slash-separated, of safe characters, no `.`/`..`. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._~-]{0,127}$/;

export function isReleaseFilePath(file: string): boolean {
  if (file.length === 0 || file.length > 512) return false;
  return file.split('/').every((segment) => SEGMENT.test(segment));
}
