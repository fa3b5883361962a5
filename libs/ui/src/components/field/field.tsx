import { useId, type ReactElement, type ReactNode } from 'react';
import { uiStrings } from '../../strings.he';

/** What a {@link Field} hands to the control it renders: spread it onto the input, select or textarea. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
  /** Set for Latin values (e-mail, phone, URL, password) so they read left to right inside Hebrew. */
  dir?: 'ltr';
}

export interface FieldProps {
  label: ReactNode;
  /** The message under the field; the control is marked invalid and described by it while set. */
  error?: string | undefined;
  /** A lasting note under the label (rules, formats); the control is always described by it. */
  hint?: ReactNode;
  required?: boolean;
  /** The value is Latin (e-mail, phone, URL): the control is laid out left to right. */
  latin?: boolean;
  /**
   * `check`: a checkbox or radio before its label text, the whole label clickable. The control
   * is inside the label, so it needs no `htmlFor`.
   */
  layout?: 'stacked' | 'check';
  className?: string;
  children: (control: FieldControlProps) => ReactElement;
}

/**
 * One labelled form field: the label, the control (rendered by the caller with the props it is
 * given), an optional hint and the error under the field. The error sits in a live region that
 * is always present, so a screen reader announces it when it appears, and the control points at
 * it through `aria-describedby` and `aria-invalid` while it is shown.
 */
export function Field({
  label,
  error,
  hint,
  required = false,
  latin = false,
  layout = 'stacked',
  className,
  children,
}: FieldProps) {
  const id = useId();
  const controlId = `${id}-control`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control = children({
    id: controlId,
    className: layout === 'check' ? 'mb-field__check-control' : 'mb-field__control',
    ...(error && { 'aria-invalid': true as const }),
    ...(describedBy && { 'aria-describedby': describedBy }),
    ...(required && { 'aria-required': true as const }),
    ...(latin && { dir: 'ltr' as const }),
  });
  // The marker is outside the label so the field's accessible name stays its label text; the
  // control says "required" itself through aria-required.
  const requiredMarker = required ? (
    <span className="mb-field__required" aria-hidden="true" title={uiStrings.fieldRequired}>
      *
    </span>
  ) : null;

  return (
    <div
      className={['mb-field', layout === 'check' && 'mb-field--check', className]
        .filter(Boolean)
        .join(' ')}
    >
      {layout === 'check' ? (
        <div className="mb-field__label-row">
          <label className="mb-field__check-label">
            {control}
            <span>{label}</span>
          </label>
          {requiredMarker}
        </div>
      ) : (
        <>
          <div className="mb-field__label-row">
            <label className="mb-field__label" htmlFor={controlId}>
              {label}
            </label>
            {requiredMarker}
          </div>
          {control}
        </>
      )}
      {hint ? (
        <p id={hintId} className="mb-field__hint">
          {hint}
        </p>
      ) : null}
      <div className="mb-field__error-region" aria-live="polite">
        {error ? (
          <p id={errorId} className="mb-field__error">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
