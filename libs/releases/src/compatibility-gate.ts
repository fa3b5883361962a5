import semver from 'semver';
import { ReleaseError, type RemoteId } from './remotes';

/** A shared singleton the remote requires in a version the shell does not provide. */
export interface Incompatibility {
  name: string;
  required: string;
  /** What the shell provides; `null` when it provides none. */
  provided: string | null;
}

interface ManifestShared {
  name?: unknown;
  singleton?: unknown;
  requiredVersion?: unknown;
}

/**
 * The shared singletons' required ranges of a built remote, from its federation manifest
 * (`mf-manifest.json`'s `shared`: name, singleton, requiredVersion). A module shared without a
 * required version (`false`) asks for nothing.
 */
export function requirementsOf(manifest: unknown): Record<string, string> {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) throw new Error('mf-manifest.json: no `shared` list');
  const requires: Record<string, string> = {};
  for (const entry of shared as ManifestShared[]) {
    if (typeof entry.name !== 'string' || entry.singleton !== true) continue;
    if (typeof entry.requiredVersion !== 'string' || entry.requiredVersion === '') continue;
    requires[entry.name] = entry.requiredVersion;
  }
  return requires;
}

/** Each required range the provided versions do not satisfy, by package name. */
export function incompatibilities(
  requires: Readonly<Record<string, string>>,
  provides: Readonly<Record<string, string>>,
): Incompatibility[] {
  return Object.entries(requires)
    .filter(([name, range]) => {
      const provided = provides[name];
      if (!provided) return true;
      const valid = semver.validRange(range);
      return !valid || !semver.satisfies(provided, valid, { includePrerelease: true });
    })
    .map(([name, required]) => ({ name, required, provided: provides[name] ?? null }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Refuses (an `incompatible` ReleaseError) a remote whose shared singletons the shell cannot
 * provide in a version it accepts, naming each package with both versions.
 */
export function assertCompatible(
  remote: RemoteId,
  requires: Readonly<Record<string, string>>,
  provides: Readonly<Record<string, string>>,
): void {
  const found = incompatibilities(requires, provides);
  if (found.length === 0) return;
  const lines = found.map(
    ({ name, required, provided }) =>
      `  ${name}: ${remote} requires ${required}, the shell provides ${provided ?? 'none'}`,
  );
  throw new ReleaseError(
    'incompatible',
    `${remote} cannot run in this shell — its shared singletons do not match:\n${lines.join('\n')}`,
  );
}
