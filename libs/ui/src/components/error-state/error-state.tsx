import type { ReactNode } from 'react';
import { uiStrings } from '../../strings.he';
import { Icon } from '../icon/icon';
import '../empty-state/state.css';

export interface ErrorStateProps {
  title?: string;
  message?: string;
  /** Shows a 'try again' button that calls this. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Further actions (a back link). */
  children?: ReactNode;
  /** The title's element: h1 when the state is the whole page (default p). */
  titleAs?: 'h1' | 'h2' | 'p';
}

/** Something failed: what happened in plain Hebrew and a retry. */
export function ErrorState({
  title = uiStrings.errorTitle,
  message,
  onRetry,
  retryLabel = uiStrings.tryAgain,
  children,
  titleAs: Title = 'p',
}: ErrorStateProps) {
  return (
    <div className="mb-state mb-state--error" role="alert" data-testid="error-state">
      <span className="mb-state__icon" aria-hidden="true">
        <Icon name="warning" />
      </span>
      <Title className="mb-state__title">{title}</Title>
      {message && <p className="mb-state__text">{message}</p>}
      {(onRetry || children) && (
        <div className="mb-state__actions">
          {onRetry && (
            <button type="button" className="mb-button" onClick={onRetry}>
              {retryLabel}
            </button>
          )}
          {children}
        </div>
      )}
    </div>
  );
}
