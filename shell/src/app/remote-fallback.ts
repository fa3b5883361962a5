// What the shell does when a remote does not load (docs/releases.md, issue 25 items 4 and 5):
// its entry (manifest, remoteEntry.js, `./App`) or a lazy chunk fails → the same version once
// more, afresh → the version the runtime config names as its fallback (the last live one) → the
// Hebrew 'unavailable' box. A remote whose shared singletons require versions the shell does not
// provide is not retried (it would fail the same way): it goes straight to the fallback.
// Pure decisions only; federation.ts does the loading.

/** Which address of a remote a load uses: its entry, its entry once more, its fallback. */
export type LoadStage = 'entry' | 'retry' | 'fallback';

/** Why a load failed: its files did not load, or the shell cannot run it (shared versions). */
export type LoadFailure = 'unavailable' | 'incompatible';

/** A remote's addresses: the manifest the reader gets, and the one to fall back to. */
export interface RemoteEntries {
  entry: string;
  fallback?: string;
}

/** Whether the remote has a fallback worth trying (another manifest than its entry). */
export function hasFallback(entries: RemoteEntries): boolean {
  return !!entries.fallback && entries.fallback !== entries.entry;
}

/** The stage to try after a failure at `stage`; `null`: nothing is left (show 'unavailable'). */
export function nextStage(
  stage: LoadStage,
  failure: LoadFailure,
  entries: RemoteEntries,
): LoadStage | null {
  if (stage === 'entry' && failure === 'unavailable') return 'retry';
  if (stage !== 'fallback' && hasFallback(entries)) return 'fallback';
  return null;
}

/** The manifest a stage loads. */
export function manifestAt(stage: LoadStage, entries: RemoteEntries): string {
  return stage === 'fallback' && entries.fallback ? entries.fallback : entries.entry;
}

/**
 * The released version a manifest address names (`…/remotes/<remote>/<version>/mf-manifest.json`),
 * `'own-build'` for anything else (the remote's own build).
 */
export function versionOfManifest(url: string): string {
  return /\/remotes\/[a-z-]+\/(\d+-[0-9a-f]+)\/[^/]*$/.exec(url)?.[1] ?? 'own-build';
}

/** A shared singleton the remote requires in a version the shell does not provide. */
export interface UnmetRequirement {
  name: string;
  required: string;
  provided: string;
}

/**
 * The remote's shared singletons (its `mf-manifest.json`'s `shared`: name, singleton,
 * requiredVersion) that the shell provides in a version outside the required range: mounted,
 * such a remote would run on a React (or store, or router) it was not built for. A package the
 * shell does not provide at all is left to the federation runtime (the remote brings its own).
 */
export function unmetRequirements(
  manifest: unknown,
  provides: Readonly<Record<string, string>>,
  satisfies: (version: string, range: string) => boolean,
): UnmetRequirement[] {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) return [];
  const unmet: UnmetRequirement[] = [];
  for (const entry of shared as {
    name?: unknown;
    singleton?: unknown;
    requiredVersion?: unknown;
  }[]) {
    const { name, singleton, requiredVersion } = entry ?? {};
    if (typeof name !== 'string' || singleton !== true) continue;
    if (typeof requiredVersion !== 'string' || requiredVersion === '') continue;
    const provided = provides[name];
    if (provided === undefined) continue;
    let ok: boolean;
    try {
      ok = satisfies(provided, requiredVersion);
    } catch {
      ok = false;
    }
    if (!ok) unmet.push({ name, required: requiredVersion, provided });
  }
  return unmet;
}

/**
 * Whether an error is a chunk (script or style sheet) that did not load: webpack's
 * `ChunkLoadError`, its CSS twin, or the federation runtime's script error.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    error.name === 'ScriptNetworkError' ||
    /^Loading (CSS )?chunk \S+ failed/i.test(error.message)
  );
}
