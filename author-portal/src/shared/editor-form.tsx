import type { FormEventHandler, ReactNode } from 'react';
import { SubmitButton } from '@mechabrim/ui';

/** The words of an editor's buttons, from the feature's strings. */
export interface EditorLabels {
  save: string;
  saving: string;
  cancel: string;
}

/**
 * The portal's edit form: a card holding the fields, the reason the last save failed above them,
 * and save / cancel under them (cancel drops the changes; both wait while a save is under way).
 */
export function EditorForm({
  onSubmit,
  failure,
  pending,
  labels,
  onCancel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure: string | null | undefined;
  pending: boolean;
  labels: EditorLabels;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form className="ap-card ap-profile__form" noValidate onSubmit={onSubmit}>
      {failure && (
        <p className="ap-banner" data-tone="error" role="alert">
          {failure}
        </p>
      )}
      {children}
      <div className="ap-profile__actions">
        <SubmitButton pending={pending} pendingLabel={labels.saving}>
          {labels.save}
        </SubmitButton>
        <button
          type="button"
          className="mb-button"
          data-variant="ghost"
          disabled={pending}
          onClick={onCancel}
        >
          {labels.cancel}
        </button>
      </div>
    </form>
  );
}
