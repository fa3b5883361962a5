import type { ReactNode } from 'react';
import { Icon, type IconName } from '../icon/icon';
import './state.css';

export interface EmptyStateProps {
  title: string;
  /** A decorative icon of the kit (never an emoji: some fonts draw those as boxes). */
  icon?: IconName;
  description?: string;
  /** The way forward: a link or button. */
  action?: ReactNode;
  /** The title's element: h1 when the state is the whole page (default p). */
  titleAs?: 'h1' | 'h2' | 'p';
}

/** Nothing to show: a sentence and a way forward. */
export function EmptyState({
  title,
  icon,
  description,
  action,
  titleAs: Title = 'p',
}: EmptyStateProps) {
  return (
    <div className="mb-state mb-state--empty" data-testid="empty-state">
      {icon && (
        <span className="mb-state__icon" aria-hidden="true">
          <Icon name={icon} />
        </span>
      )}
      <Title className="mb-state__title">{title}</Title>
      {description && <p className="mb-state__text">{description}</p>}
      {action && <div className="mb-state__actions">{action}</div>}
    </div>
  );
}
