import {
  getInstance,
  loadRemote,
  preloadRemote,
  registerPlugins,
  registerRemotes,
  satisfy,
} from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { clientLogger } from '@mechabrim/ui';
import { takeEarlyManifest } from './early-fetches';
import {
  manifestAt,
  nextStage,
  unmetRequirements,
  versionOfManifest,
  type LoadStage,
  type RemoteEntries,
  type UnmetRequirement,
} from './remote-fallback';
import type { RemoteName } from './runtime-config';

/** One remote's addresses, the stage its loads are at, and the manifest registered for it. */
interface RemoteState extends RemoteEntries {
  stage: LoadStage;
  registered: string;
}

let states: Partial<Record<RemoteName, RemoteState>> = {};
let pluginRegistered = false;
/** Manifests the shell refused to run (shared versions it cannot satisfy), with what is unmet. */
const incompatible = new Map<string, UnmetRequirement[]>();
/** The version of each remote mounted on this page, sent with every client log entry. */
const mountedVersions: Partial<Record<RemoteName, string>> = {};

/**
 * The versions of the shared singletons the shell itself provides, from the federation runtime's
 * share scope (the entries the shell registered, not those a remote brought).
 */
function shellProvides(): Record<string, string> {
  const instance = getInstance();
  const provides: Record<string, string> = {};
  if (!instance) return provides;
  for (const scope of Object.values(instance.shareScopeMap)) {
    for (const [name, versions] of Object.entries(scope)) {
      for (const [version, shared] of Object.entries(versions)) {
        if (shared.from === instance.name) provides[name] = version;
      }
    }
  }
  return provides;
}

/**
 * A remote's manifest, checked against the shell's shared versions before the runtime uses it:
 * a manifest whose shared singletons the shell cannot satisfy fails the load (and is remembered,
 * so the load goes to the fallback without a retry).
 */
async function checkedManifest(url: string, response: Promise<Response>): Promise<Response> {
  const answer = await response;
  if (!answer.ok) return answer;
  let manifest: unknown;
  try {
    manifest = await answer.clone().json();
  } catch {
    return answer; // the runtime reports a manifest that is not JSON
  }
  const unmet = unmetRequirements(manifest, shellProvides(), satisfy);
  if (unmet.length === 0) {
    incompatible.delete(url);
    return answer;
  }
  incompatible.set(url, unmet);
  throw new Error(
    `${url}: ${unmet.map((u) => `${u.name} requires ${u.required}, the shell provides ${u.provided}`).join('; ')}`,
  );
}

function isRemoteManifest(url: string): boolean {
  return Object.values(states).some(
    (state) => state && (state.entry === url || state.fallback === url),
  );
}

function register(remote: RemoteName, manifest: string): void {
  const state = states[remote];
  if (state) state.registered = manifest;
  registerRemotes([{ name: remote, entry: manifest }], { force: true });
}

/**
 * Tells the federation runtime where each remote's mf-manifest.json lives (and remembers the one
 * to fall back to), lets it use a manifest index.html's inline script already fetched (once;
 * later loads ask the network), and checks every remote manifest against the shell's shared
 * versions.
 */
export function registerAppRemotes(
  remotes: Record<RemoteName, string>,
  fallbacks: Partial<Record<RemoteName, string>> = {},
): void {
  if (!pluginRegistered) {
    pluginRegistered = true;
    registerPlugins([
      {
        name: 'mechabrim-manifests',
        fetch: (url: string) => {
          const href = new URL(url, window.location.href).href;
          const early = takeEarlyManifest(href);
          if (!isRemoteManifest(href)) return early;
          return checkedManifest(href, early ?? fetch(href));
        },
      },
    ]);
  }
  states = {};
  for (const [name, entry] of Object.entries(remotes) as [RemoteName, string][]) {
    const fallback = fallbacks[name];
    states[name] = { entry, ...(fallback ? { fallback } : {}), stage: 'entry', registered: entry };
  }
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
}

/** The version of each remote this page runs (released version, or `own-build`). */
export function remoteVersions(): Partial<Record<RemoteName, string>> {
  return { ...mountedVersions };
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

async function loadApp(remote: RemoteName): Promise<ComponentType> {
  const module = await loadRemote<{ default?: ComponentType }>(`${remote}/App`);
  if (!module?.default) throw new Error(`${remote}/App has no default export`);
  return module.default;
}

/**
 * How a load starts: `first`, at the stage the remote is at; `again` (the reader's retry after
 * 'unavailable'), from its entry, afresh; `recover` (a chunk of the mounted version did not
 * load), at the next stage, afresh.
 */
export type LoadMode = 'first' | 'again' | 'recover';

/** Whether a failure of the mounted version can still be recovered from (a stage is left). */
export function canRecover(remote: RemoteName): boolean {
  const state = states[remote];
  return !!state && nextStage(state.stage, 'unavailable', state) !== null;
}

/**
 * Loads a remote's `./App`: its entry; if that fails, the same once more afresh (the runtime
 * first forgets the remote: its cached manifest, entry and failed attempts); then the version
 * the runtime config names as its fallback. A remote the shell cannot run (its shared singletons
 * require versions the shell does not provide) is not retried. Throws a {@link RemoteLoadError}
 * when every stage failed.
 */
export async function loadRemoteApp(
  remote: RemoteName,
  how: LoadMode = 'first',
): Promise<ComponentType> {
  const state = states[remote];
  if (!state) {
    try {
      return await loadApp(remote);
    } catch (cause) {
      throw new RemoteLoadError(remote, { cause });
    }
  }
  let stage: LoadStage | null =
    how === 'again'
      ? 'entry'
      : how === 'recover'
        ? nextStage(state.stage, 'unavailable', state)
        : state.stage;
  let fresh = how !== 'first';
  let lastError: unknown;
  while (stage) {
    state.stage = stage;
    const manifest = manifestAt(stage, state);
    if (fresh || manifest !== state.registered) register(remote, manifest);
    try {
      const app = await loadApp(remote);
      mountedVersions[remote] = versionOfManifest(manifest);
      clientLogger.setRemoteVersions(remoteVersions());
      if (stage === 'fallback') {
        clientLogger.warn(
          `remote ${remote}: fell back to ${versionOfManifest(manifest)}`,
          { from: versionOfManifest(state.entry) },
          'federation',
        );
      }
      return app;
    } catch (error) {
      lastError = error;
      const unmet = incompatible.get(manifest);
      clientLogger.warn(
        `remote ${remote} ${versionOfManifest(manifest)} did not load`,
        { stage, ...(unmet ? { incompatible: unmet } : { error: String(error) }) },
        'federation',
      );
      stage = nextStage(stage, unmet ? 'incompatible' : 'unavailable', state);
      fresh = true;
    }
  }
  throw new RemoteLoadError(remote, { cause: lastError });
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

/** A remote's `./App` whose load the start-up began before the app's first render. */
export interface StartedLoad {
  app: Promise<ComponentType>;
  /** `performance.now()` when it began, for the load's time in the client log. */
  startedAt: number;
}

const started = new Map<RemoteName, StartedLoad>();

/**
 * Begins loading the remote that owns the first page before the app's first render (main.ts),
 * so that its App is there when that render runs and the first commit draws the whole page.
 * Otherwise the shell's frame is committed first and the remote's page a moment later, and the
 * browser styles and lays out the page twice. The first area of that remote takes the load over
 * (`takeStartedRemoteApp`) and reports its failure.
 */
export function startRemoteApp(remote: RemoteName): Promise<ComponentType> {
  const app = loadRemoteApp(remote, 'first');
  app.catch(() => undefined);
  started.set(remote, { app, startedAt: performance.now() });
  return app;
}

/** The load `startRemoteApp` began for `remote`, handed over once. */
export function takeStartedRemoteApp(remote: RemoteName): StartedLoad | undefined {
  const load = started.get(remote);
  started.delete(remote);
  return load;
}
