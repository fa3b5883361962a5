import { uiStrings } from '../../strings.he';
import './spinner.css';

/** A busy indicator with a spoken label. */
export function Spinner({ label = uiStrings.loading }: { label?: string }) {
  return (
    <div className="mb-spinner" role="status" aria-live="polite">
      <span className="mb-spinner__ring" aria-hidden="true" />
      <span className="mb-spinner__label">{label}</span>
    </div>
  );
}
