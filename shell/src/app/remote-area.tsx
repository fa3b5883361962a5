import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Link, useLocation } from '@mechabrim/routing';
import { clientLogger, ErrorBoundary, ErrorFallback } from '@mechabrim/ui';
import { strings } from '../strings.he';
import {
  canRecover,
  loadRemoteApp,
  RemoteLoadError,
  takeStartedRemoteApp,
  type LoadMode,
} from './federation';
import { LandingOr } from './landing';
import { isChunkLoadError } from './remote-fallback';
import type { RemoteName } from './runtime-config';

// One lazy component per remote, so moving between two pages of the same remote does not
// suspend again. A remote that failed is tried afresh the next time its area mounts (the user
// comes back to it), and at once with the retry button. A lazy chunk of the mounted remote that
// does not load is recovered from once per stage (the same version afresh, then its fallback:
// remote-fallback.ts) before the area shows 'unavailable'.
const apps = new Map<RemoteName, LazyExoticComponent<ComponentType>>();
const failed = new Set<RemoteName>();

function remoteApp(remote: RemoteName, mode: LoadMode) {
  let app = apps.get(remote);
  if (!app || mode !== 'first' || failed.has(remote)) {
    const how: LoadMode = mode === 'first' && failed.has(remote) ? 'again' : mode;
    failed.delete(remote);
    app = lazy(() => {
      // The first page's remote may already be loading (main.ts starts it before the first
      // render). Timed into the client log (slow above 1000 ms, warned above 3000 ms); a failure
      // is reported once, by the error boundary that shows 'remote unavailable'.
      const early = how === 'first' ? takeStartedRemoteApp(remote) : undefined;
      const started = early?.startedAt ?? performance.now();
      const took = () =>
        clientLogger.recordDuration(
          `load remote ${remote}`,
          performance.now() - started,
          'federation',
        );
      return (early?.app ?? loadRemoteApp(remote, how)).then(
        (component) => {
          took();
          return { default: component };
        },
        (error: unknown) => {
          took();
          failed.add(remote);
          throw error;
        },
      );
    });
    apps.set(remote, app);
  }
  return app;
}

/** Shown in a remote's area while it loads. */
export function AreaLoading() {
  return (
    <div className="shell-area-loading" role="status" aria-live="polite">
      <span className="shell-spinner" aria-hidden="true" />
      <span>{strings.loading}</span>
    </div>
  );
}

/** Shown in a remote's area when it cannot be loaded; the rest of the site keeps working. */
export function RemoteUnavailable({
  remote,
  onRetry,
}: {
  remote: RemoteName;
  onRetry: () => void;
}) {
  return (
    <section
      className="mb-fallback"
      role="alert"
      data-remote-unavailable={remote}
      aria-labelledby="remote-down-title"
    >
      <h1 id="remote-down-title">{strings.remoteUnavailable.title}</h1>
      <p>{strings.remoteUnavailable.body}</p>
      <div className="mb-fallback__actions">
        <button type="button" className="mb-button" onClick={onRetry}>
          {strings.remoteUnavailable.retry}
        </button>
        <Link className="mb-button" data-variant="secondary" to="/">
          {strings.remoteUnavailable.home}
        </Link>
      </div>
    </section>
  );
}

/**
 * A lazy chunk of the mounted remote did not load: the area loads the remote again (the same
 * version afresh, or its fallback) in place of its content, showing 'loading' meanwhile.
 */
function RecoverArea({ onRecover }: { onRecover: () => void }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    onRecover();
  }, [onRecover]);
  return <AreaLoading />;
}

/** A remote's area in the main column (the server's page frame has the storefront's too). */
export function RemoteAreaBox({ remote, children }: { remote: RemoteName; children: ReactNode }) {
  return (
    <div className="shell-area" data-remote={remote}>
      {children}
    </div>
  );
}

/**
 * Mounts one remote's `./App` in the main area, with its own loading (the server's markup when
 * the page arrived with it), failure and retry.
 */
export function RemoteArea({ remote }: { remote: RemoteName }) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  // Chosen when the area mounts (and on retry), not on every render.
  const [App, setApp] = useState(() => remoteApp(remote, 'first'));
  const reload = (mode: LoadMode) => () => {
    setApp(() => remoteApp(remote, mode));
    setAttempt((n) => n + 1);
  };
  const retry = reload('again');
  const recover = reload('recover');
  return (
    <RemoteAreaBox remote={remote}>
      <ErrorBoundary
        key={attempt}
        resetKey={pathname}
        fallback={(error) =>
          error instanceof RemoteLoadError ? (
            <RemoteUnavailable remote={remote} onRetry={retry} />
          ) : isChunkLoadError(error) ? (
            canRecover(remote) ? (
              <RecoverArea onRecover={recover} />
            ) : (
              <RemoteUnavailable remote={remote} onRetry={retry} />
            )
          ) : (
            <ErrorFallback />
          )
        }
      >
        <Suspense fallback={<LandingOr fallback={<AreaLoading />} />}>
          <App />
        </Suspense>
      </ErrorBoundary>
    </RemoteAreaBox>
  );
}
