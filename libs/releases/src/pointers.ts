import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ReleaseError, isRemoteId, isVersion, type RemoteId } from './remotes';

/** A version tried on a share of readers (a whole percentage, 1–99) before it goes live. */
export interface Candidate {
  version: string;
  share: number;
}

/** One remote's pointers in an environment. */
export interface RemotePointers {
  /** The version every reader gets (but the candidate's share); absent: the remote's own build. */
  live?: string;
  /** The earlier live versions, most recent last: what a rollback returns to. */
  previous?: string[];
  candidate?: Candidate;
}

export type Pointers = Partial<Record<RemoteId, RemotePointers>>;

/** What a change moved, for the history. */
export interface PointerState {
  live: string | null;
  candidate: Candidate | null;
}

export interface PointerChange {
  at: string;
  actor: string;
  remote: RemoteId;
  action: 'promote' | 'rollback' | 'canary';
  from: PointerState;
  to: PointerState;
}

function isCandidate(value: unknown): value is Candidate {
  const c = value as Partial<Candidate> | null;
  return (
    !!c &&
    isVersion(c.version) &&
    Number.isInteger(c.share) &&
    (c.share as number) >= 1 &&
    (c.share as number) <= 99
  );
}

/** Checks a pointers file's content; throws a `bad-pointers` ReleaseError naming what is wrong. */
export function parsePointers(value: unknown, source = 'pointers'): Pointers {
  const bad = (what: string) => new ReleaseError('bad-pointers', `${source}: ${what}`);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad('not an object');
  const pointers: Pointers = {};
  for (const [remote, entry] of Object.entries(value)) {
    if (!isRemoteId(remote)) throw bad(`unknown remote ${JSON.stringify(remote)}`);
    const { live, previous, candidate } = (entry ?? {}) as RemotePointers;
    if (live !== undefined && !isVersion(live)) throw bad(`${remote}.live is not a version`);
    if (previous !== undefined && !(Array.isArray(previous) && previous.every(isVersion))) {
      throw bad(`${remote}.previous is not a list of versions`);
    }
    if (candidate !== undefined && !isCandidate(candidate)) {
      throw bad(`${remote}.candidate needs a version and a share of 1–99`);
    }
    pointers[remote] = {
      ...(live ? { live } : {}),
      ...(previous?.length ? { previous: [...previous] } : {}),
      ...(candidate ? { candidate: { ...candidate } } : {}),
    };
  }
  return pointers;
}

export function stateOf(pointers: RemotePointers | undefined): PointerState {
  return { live: pointers?.live ?? null, candidate: pointers?.candidate ?? null };
}

/** `version` goes live; the live one is remembered for a rollback; a canary of it is over. */
export function promoted(current: RemotePointers, version: string): RemotePointers {
  const previous = [...(current.previous ?? [])];
  if (current.live && current.live !== version) previous.push(current.live);
  const candidate = current.candidate?.version === version ? undefined : current.candidate;
  return {
    live: version,
    ...(previous.length ? { previous } : {}),
    ...(candidate ? { candidate } : {}),
  };
}

/**
 * Back to the previous live version — or, from the first one promoted, back to the remote's own
 * build (no pointer). A canary running against the live version is ended too: a rollback is the
 * way back to what was known to work.
 */
export function rolledBack(current: RemotePointers, remote: RemoteId): RemotePointers {
  if (!current.live) {
    throw new ReleaseError('nothing-to-roll-back', `${remote} has no live version to roll back`);
  }
  const previous = [...(current.previous ?? [])];
  const back = previous.pop();
  return { ...(back ? { live: back } : {}), ...(previous.length ? { previous } : {}) };
}

/** `version` is tried on `share` percent of readers; a share of 0 ends the canary. */
export function canaried(current: RemotePointers, version: string, share: number): RemotePointers {
  if (!Number.isInteger(share) || share < 0 || share > 99) {
    throw new ReleaseError(
      'bad-share',
      `a canary's share is a whole percentage from 1 to 99 (0 ends it), got ${share}`,
    );
  }
  const { candidate: _ended, ...rest } = current;
  if (share === 0) return rest;
  if (current.live === version) {
    throw new ReleaseError('bad-share', `${version} is already live: nothing to try it against`);
  }
  return { ...rest, candidate: { version, share } };
}

/** The history log beside a pointers file: `pointers.json` → `pointers.history.jsonl`. */
export function historyFileOf(pointersFile: string): string {
  const ext = path.extname(pointersFile);
  return path.join(path.dirname(pointersFile), `${path.basename(pointersFile, ext)}.history.jsonl`);
}

/**
 * An environment's pointers file (JSON: remote → {@link RemotePointers}) with its history log
 * (one JSON line per change: who, when, from, to). Readers (the edge) call {@link current} on
 * every page load: the file is read again only when it changed, so a promotion takes effect on
 * the next page load without a restart.
 */
export class PointersFile {
  readonly historyFile: string;
  private known: { ino: number; mtimeMs: number; size: number; pointers: Pointers } | null = null;
  /**
   * The failure last reported: a broken file (its inode, times and size) or a stat error (its
   * code), so that a page load on the same failure neither reads nor reports it again.
   */
  private failed: string | null = null;

  constructor(readonly file: string) {
    this.file = path.resolve(file);
    this.historyFile = historyFileOf(this.file);
  }

  /**
   * The pointers as the file has them now; `{}` when there is no file (no release: every remote
   * is served from its own build). A file that cannot be read or parsed, or a stat that fails for
   * another reason than the file's absence, keeps the last good pointers; the error goes to
   * `onError` once per failure (a broken file is reported again only once it changes).
   */
  current(onError?: (error: unknown) => void): Pointers {
    // A change renames a new file into place: a new inode, even within the file system's
    // timestamp resolution.
    let stat: { ino: number; mtimeMs: number; ctimeMs: number; size: number };
    try {
      stat = statSync(this.file);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') {
        this.known = null;
        this.failed = null;
        return {};
      }
      this.report(`stat:${(error as { code?: string }).code ?? String(error)}`, error, onError);
      return this.known?.pointers ?? {};
    }
    const { ino, mtimeMs, ctimeMs, size } = stat;
    const known = this.known;
    if (known && known.ino === ino && known.mtimeMs === mtimeMs && known.size === size) {
      this.failed = null;
      return known.pointers;
    }
    const signature = `file:${ino}:${mtimeMs}:${ctimeMs}:${size}`;
    if (this.failed === signature) return known?.pointers ?? {};
    try {
      const pointers = parsePointers(JSON.parse(readFileSync(this.file, 'utf8')), this.file);
      this.known = { ino, mtimeMs, size, pointers };
      this.failed = null;
      return pointers;
    } catch (error) {
      this.report(signature, error, onError);
      return known?.pointers ?? {};
    }
  }

  private report(signature: string, error: unknown, onError?: (error: unknown) => void): void {
    if (this.failed === signature) return;
    this.failed = signature;
    onError?.(error);
  }

  /** Reads the file fresh (the command line's view); throws when it is broken. */
  async read(): Promise<Pointers> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return {};
      throw error;
    }
    return parsePointers(JSON.parse(text), this.file);
  }

  /**
   * Applies `change` to one remote's pointers, writes the file in one step (a reader sees the
   * old file or the new one) and appends the change to the history.
   */
  async change(
    remote: RemoteId,
    action: PointerChange['action'],
    actor: string,
    change: (current: RemotePointers) => RemotePointers,
    now = new Date(),
  ): Promise<PointerChange> {
    const pointers = await this.read();
    const before = pointers[remote] ?? {};
    const after = change(before);
    const next: Pointers = { ...pointers, [remote]: after };
    await mkdir(path.dirname(this.file), { recursive: true });
    const partial = `${this.file}.${process.pid}.partial`;
    await writeFile(partial, `${JSON.stringify(next, null, 2)}\n`);
    await rename(partial, this.file);
    const entry: PointerChange = {
      at: now.toISOString(),
      actor,
      remote,
      action,
      from: stateOf(before),
      to: stateOf(after),
    };
    await appendFile(this.historyFile, `${JSON.stringify(entry)}\n`);
    return entry;
  }

  /** The recorded changes, oldest first (of one remote when given). */
  async history(remote?: RemoteId): Promise<PointerChange[]> {
    let text: string;
    try {
      text = await readFile(this.historyFile, 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as PointerChange)
      .filter((entry) => remote === undefined || entry.remote === remote);
  }
}
