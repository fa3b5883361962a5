import {
  loadRemote,
  preloadRemote,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { takeEarlyManifest } from './early-fetches';
import type { RemoteName } from './runtime-config';

let registered: Partial<Record<RemoteName, string>> = {};
let pluginRegistered = false;

/**
 * Tells the federation runtime where each remote's mf-manifest.json lives, and lets it use a
 * manifest index.html's inline script already fetched (once; later loads ask the network).
 */
export function registerAppRemotes(remotes: Record<RemoteName, string>): void {
  if (!pluginRegistered) {
    pluginRegistered = true;
    registerPlugins([
      {
        name: 'mechabrim-early-manifests',
        fetch: (url: string) => takeEarlyManifest(new URL(url, window.location.href).href),
      },
    ]);
  }
  registered = { ...remotes };
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
}

/** A remote could not be loaded (down, unreachable, or its manifest/entry is broken). */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    options?: { cause?: unknown },
  ) {
    super(`remote "${remote}" could not be loaded`, options);
    this.name = 'RemoteLoadError';
  }
}

/**
 * Loads a remote's `./App`. With `fresh`, the runtime first forgets the remote (its cached
 * manifest, entry and failed attempts), so a retry after the remote came back really retries.
 */
export async function loadRemoteApp(remote: RemoteName, fresh = false): Promise<ComponentType> {
  if (fresh && registered[remote]) {
    registerRemotes([{ name: remote, entry: registered[remote] }], { force: true });
  }
  let module: { default?: ComponentType } | null;
  try {
    module = await loadRemote<{ default?: ComponentType }>(`${remote}/App`);
  } catch (cause) {
    throw new RemoteLoadError(remote, { cause });
  }
  if (!module?.default) throw new RemoteLoadError(remote);
  return module.default;
}

/**
 * Starts downloading a remote's entry and its `./App` chunks now, in parallel with the shell's
 * own start, instead of after React has rendered the route (one round trip less on every first
 * page). Only fetches; a failure is left for the real load to report.
 */
export function preloadRemoteApp(remote: RemoteName): void {
  try {
    void preloadRemote([
      { nameOrAlias: remote, exposes: ['./App'], share: false, resourceCategory: 'sync' },
    ]).catch(() => undefined);
  } catch {
    // the real load reports it
  }
}
