import os from 'node:os';
import { contentHashOf, filesIn } from './content-hash';
import { PointersFile, canaried, promoted, rolledBack, type PointerChange } from './pointers';
import type { ReleaseInfo, ReleaseStore } from './release-store.port';
import { ReleaseError, versionOf, type RemoteId } from './remotes';
import { keptBecause, type EnvironmentPointers } from './retention';

/** What the release commands work on: one store, one environment's pointers, one person. */
export interface ReleaseContext {
  store: ReleaseStore;
  pointers: PointersFile;
  actor: string;
  now?: () => Date;
}

/** Who makes a change: `RELEASE_ACTOR` (a CI job's name, say), else the OS user. */
export function releaseActor(env: Readonly<Record<string, string | undefined>>): string {
  if (env.RELEASE_ACTOR?.trim()) return env.RELEASE_ACTOR.trim();
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown';
  }
}

/**
 * Publishes the build in `dir` as the remote's next release. A build whose files are the same
 * as the newest release's is not published again: that release is the answer.
 */
export async function publishBuild(
  context: ReleaseContext,
  remote: RemoteId,
  dir: string,
  requires?: Record<string, string>,
): Promise<{ release: ReleaseInfo; published: boolean }> {
  const files = await filesIn(dir);
  if (!files.includes('remoteEntry.js')) {
    throw new Error(`${dir} holds no remoteEntry.js: not a remote's build`);
  }
  const contentHash = await contentHashOf(dir, files);
  const releases = await context.store.list(remote);
  const newest = releases.at(-1);
  if (newest?.contentHash === contentHash) return { release: newest, published: false };
  const number = (newest?.number ?? 0) + 1;
  const release = await context.store.publish(
    {
      remote,
      version: versionOf(number, contentHash),
      number,
      contentHash,
      publishedAt: (context.now?.() ?? new Date()).toISOString(),
      publishedBy: context.actor,
      ...(requires ? { requires } : {}),
    },
    { dir, files },
  );
  return { release, published: true };
}

async function published(context: ReleaseContext, remote: RemoteId, version: string) {
  const release = await context.store.find(remote, version);
  if (!release) {
    throw new ReleaseError(
      'no-such-version',
      `${remote} has no published version ${version} (see remote:releases)`,
    );
  }
  return release;
}

/** Makes `version` the live one. */
export async function promote(
  context: ReleaseContext,
  remote: RemoteId,
  version: string,
): Promise<PointerChange> {
  await published(context, remote, version);
  return context.pointers.change(
    remote,
    'promote',
    context.actor,
    (current) => promoted(current, version),
    context.now?.(),
  );
}

/** Back to the previous live version. */
export async function rollback(context: ReleaseContext, remote: RemoteId): Promise<PointerChange> {
  return context.pointers.change(
    remote,
    'rollback',
    context.actor,
    (current) => rolledBack(current, remote),
    context.now?.(),
  );
}

/** Tries `version` on `share` percent of readers (0 ends the canary). */
export async function canary(
  context: ReleaseContext,
  remote: RemoteId,
  version: string,
  share: number,
): Promise<PointerChange> {
  if (share !== 0) await published(context, remote, version);
  return context.pointers.change(
    remote,
    'canary',
    context.actor,
    (current) => canaried(current, version, share),
    context.now?.(),
  );
}

export interface ReleaseRow {
  version: string;
  publishedAt: string;
  publishedBy: string;
  status: 'live' | 'candidate' | 'previous' | null;
  /** The candidate's share, in percent. */
  share?: number;
  /** When it last went live or became the candidate. */
  since?: string;
  /**
   * Client errors logged by pages running this version since it first went live (or became the
   * candidate); absent for a version never shown to readers, `null` when they could not be counted.
   */
  errors?: number | null;
}

/** Counts the client errors logged by pages running one version of a remote. */
export interface ClientErrorCounter {
  count(remote: RemoteId, version: string, since: Date): Promise<number>;
}

/** When a version first went live or became the candidate, from the history (oldest first). */
export function firstShownAt(history: readonly PointerChange[], version: string): string | null {
  const shown = history.find(
    (entry) =>
      (entry.to.live === version && entry.from.live !== version) ||
      (entry.to.candidate?.version === version && entry.from.candidate?.version !== version),
  );
  return shown?.at ?? null;
}

/**
 * The remote's releases, newest first, with what the environment does with each, and — with
 * `errors` — each shown version's client error count since it was first shown.
 */
export async function describeReleases(
  context: ReleaseContext,
  remote: RemoteId,
  errors?: ClientErrorCounter,
): Promise<ReleaseRow[]> {
  const [releases, pointers, history] = await Promise.all([
    context.store.list(remote),
    context.pointers.read(),
    context.pointers.history(remote),
  ]);
  const current = pointers[remote] ?? {};
  const rows = releases.reverse().map((release) => {
    const { version, publishedAt, publishedBy } = release;
    const row: ReleaseRow = { version, publishedAt, publishedBy, status: null };
    if (current.live === version) row.status = 'live';
    else if (current.candidate?.version === version) {
      row.status = 'candidate';
      row.share = current.candidate.share;
    } else if (current.previous?.includes(version)) row.status = 'previous';
    const since = history.findLast((entry) =>
      row.status === 'candidate'
        ? entry.to.candidate?.version === version
        : entry.to.live === version && entry.from.live !== version,
    );
    if (row.status && row.status !== 'previous' && since) row.since = since.at;
    return row;
  });
  if (!errors) return rows;
  await Promise.all(
    rows.map(async (row) => {
      const shown = firstShownAt(history, row.version);
      if (!shown) return;
      try {
        row.errors = await errors.count(remote, row.version, new Date(shown));
      } catch {
        row.errors = null;
      }
    }),
  );
  return rows;
}

export interface PruneResult {
  removed: string[];
  kept: { version: string; why: string }[];
}

/**
 * Removes the remote's versions that no environment points to — live, candidate, or one a
 * rollback returns to — nor pointed to or published within `retentionDays`. The environment of
 * `context` counts, and those of `otherPointers` (each environment's pointers file, for a store
 * several environments share). With `dryRun`, says what it would remove and removes nothing.
 */
export async function prune(
  context: ReleaseContext,
  remote: RemoteId,
  options: { retentionDays: number; otherPointers?: readonly string[]; dryRun?: boolean },
): Promise<PruneResult> {
  const files = [
    context.pointers,
    ...(options.otherPointers ?? []).map((f) => new PointersFile(f)),
  ];
  const environments: EnvironmentPointers[] = await Promise.all(
    files.map(async (file) => ({
      pointers: await file.read(),
      history: await file.history(remote),
    })),
  );
  const now = context.now?.() ?? new Date();
  const result: PruneResult = { removed: [], kept: [] };
  for (const release of await context.store.list(remote)) {
    const why = keptBecause(release, environments, now, options.retentionDays);
    if (why) {
      result.kept.push({ version: release.version, why });
      continue;
    }
    if (!options.dryRun) await context.store.remove(remote, release.version);
    result.removed.push(release.version);
  }
  return result;
}
