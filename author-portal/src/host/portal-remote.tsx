import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { strings } from '../strings.he';

const entry = () => new URL('/mf-manifest.json', window.location.origin).href;

function loadPortal(fresh: boolean) {
  return lazy(async () => {
    if (fresh) registerRemotes([{ name: 'authorPortal', entry: entry() }], { force: true });
    const module = await loadRemote<{ default: ComponentType<{ siteUrl?: string }> }>(
      'authorPortal/App',
    );
    if (!module?.default) throw new Error('authorPortal/App is empty');
    return { default: module.default };
  });
}

let Portal = loadPortal(false);

class Boundary extends Component<
  { children: ReactNode; onRetry: () => void },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="mb-container portal-fallback" role="alert">
        <h1>{strings.remoteUnavailable.title}</h1>
        <p>{strings.remoteUnavailable.body}</p>
        <button type="button" className="mb-button" onClick={this.props.onRetry}>
          {strings.remoteUnavailable.retry}
        </button>
      </section>
    );
  }
}

/**
 * The portal's screens, loaded from its own remote entry (the same the shell mounts); `siteUrl`
 * is the store's address, where 'back to the site' leads from this origin.
 */
export function PortalRemote({ siteUrl }: { siteUrl: string }) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    Portal = loadPortal(true);
    setAttempt((n) => n + 1);
  };
  return (
    <Boundary key={attempt} onRetry={retry}>
      <Suspense
        fallback={
          <p className="mb-container" role="status">
            {strings.loading}
          </p>
        }
      >
        <Portal siteUrl={siteUrl} />
      </Suspense>
    </Boundary>
  );
}
