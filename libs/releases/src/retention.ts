import type { PointerChange, Pointers } from './pointers';
import type { ReleaseInfo } from './release-store.port';
import { ReleaseError, type RemoteId } from './remotes';

/** How long a version is kept after it was last pointed to (or published), by default. */
export const DEFAULT_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `RELEASE_RETENTION_DAYS`: a whole number of days, at least 1 (default 30). */
export function retentionDaysFromEnv(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env.RELEASE_RETENTION_DAYS?.trim();
  if (!raw) return DEFAULT_RETENTION_DAYS;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1) {
    throw new ReleaseError(
      'bad-setting',
      `RELEASE_RETENTION_DAYS must be a whole number of days, at least 1, got "${raw}"`,
    );
  }
  return days;
}

/** One environment's view: its pointers now and its recorded changes. */
export interface EnvironmentPointers {
  pointers: Pointers;
  history: readonly PointerChange[];
}

/** Why a version is kept, or `null` when it may be removed. */
export function keptBecause(
  release: Pick<ReleaseInfo, 'remote' | 'version' | 'publishedAt'>,
  environments: readonly EnvironmentPointers[],
  now: Date,
  retentionDays: number,
): string | null {
  const { remote, version } = release;
  const since = now.getTime() - retentionDays * DAY_MS;
  for (const { pointers } of environments) {
    const current = pointers[remote];
    if (current?.live === version) return 'live';
    if (current?.candidate?.version === version) return 'candidate';
    if (current?.previous?.includes(version)) return 'a rollback returns to it';
  }
  if (Date.parse(release.publishedAt) >= since) return `published within ${retentionDays} days`;
  for (const { history } of environments) {
    const pointedAt = history.some(
      (change) =>
        change.remote === remote &&
        Date.parse(change.at) >= since &&
        [change.from, change.to].some(
          (state) => state.live === version || state.candidate?.version === version,
        ),
    );
    if (pointedAt) return `pointed to within ${retentionDays} days`;
  }
  return null;
}

/** The remote's releases that may be removed: pointed to by no environment, now or lately. */
export function prunable(
  remote: RemoteId,
  releases: readonly ReleaseInfo[],
  environments: readonly EnvironmentPointers[],
  now: Date,
  retentionDays: number,
): ReleaseInfo[] {
  return releases.filter(
    (release) =>
      release.remote === remote && keptBecause(release, environments, now, retentionDays) === null,
  );
}
