import type { ReactNode } from 'react';

export interface SubmitButtonProps {
  /** True while the form is being sent: the button is disabled and says so. */
  pending: boolean;
  children: ReactNode;
  /** What the button says while pending (`שולח…`). */
  pendingLabel: ReactNode;
  className?: string;
}

/**
 * A form's submit button. Disabled while the form is being sent, which also blocks the form's
 * implicit submission by Enter, so a form is never sent twice.
 */
export function SubmitButton({ pending, children, pendingLabel, className }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={['mb-button', className].filter(Boolean).join(' ')}
      disabled={pending}
      aria-busy={pending || undefined}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
