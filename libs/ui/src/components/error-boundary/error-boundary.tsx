import { Component, type ReactNode } from 'react';
import { uiStrings } from '../../strings.he';
import './error-boundary.css';

/** Spec §2/§8 fallback: 'something went wrong' with reload and back. */
export function ErrorFallback() {
  const s = uiStrings.errorBoundary;
  return (
    <section className="mb-fallback" role="alert" aria-labelledby="mb-error-title">
      <h1 id="mb-error-title">{s.title}</h1>
      <p>{s.body}</p>
      <div className="mb-fallback__actions">
        <button type="button" className="mb-button" onClick={() => window.location.reload()}>
          {s.reload}
        </button>
        <button
          type="button"
          className="mb-button"
          data-variant="secondary"
          onClick={() => window.history.back()}
        >
          {s.back}
        </button>
      </div>
    </section>
  );
}

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** What to show instead of the children after an error (default: the spec's fallback). */
  fallback?: (error: unknown, reset: () => void) => ReactNode;
  /** A change of this value clears the error (e.g. the path: navigating away recovers). */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: unknown;
  failedAt: unknown;
}

/**
 * Catches render errors below it. Reporting is not done here: the root's `onCaughtError`
 * (`reactErrorReporting`) sends every error a boundary caught to the client log once.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failedAt: undefined };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState) {
    if (state.error && state.failedAt === undefined) return { failedAt: props.resetKey };
    if (state.error && props.resetKey !== state.failedAt)
      return { error: null, failedAt: undefined };
    return null;
  }

  reset = () => this.setState({ error: null, failedAt: undefined });

  override render() {
    if (this.state.error) {
      return this.props.fallback ? (
        this.props.fallback(this.state.error, this.reset)
      ) : (
        <ErrorFallback />
      );
    }
    return this.props.children;
  }
}
