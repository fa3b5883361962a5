import { useEffect } from 'react';
import { uiStrings } from '../../strings.he';
import './toast.css';

export interface ToastProps {
  tone: 'success' | 'error' | 'info';
  message: string;
  /** Closes by itself after this many ms (spec: success 3000, error 5000). */
  durationMs?: number;
  onClose: () => void;
}

/** Non-blocking feedback in a polite live region, closing by itself or by its button. */
export function Toast({ tone, message, durationMs, onClose }: ToastProps) {
  useEffect(() => {
    if (!durationMs) return;
    const t = setTimeout(onClose, durationMs);
    return () => clearTimeout(t);
  }, [durationMs, onClose, message]);
  return (
    <div
      className={`mb-toast mb-toast--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={`toast-${tone}`}
    >
      <span className="mb-toast__message">{message}</span>
      <button
        type="button"
        className="mb-toast__close"
        aria-label={uiStrings.closeToast}
        onClick={onClose}
      >
        ×
      </button>
    </div>
  );
}
