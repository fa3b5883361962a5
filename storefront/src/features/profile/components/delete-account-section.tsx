import { useState } from 'react';
import { deleteAccountRequestSchema, type AccountMessageAnswer } from '@mechabrim/contracts';
import { ApiError, apiFetch, sessionStore } from '@mechabrim/session';
import { Field, SubmitButton } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';

const s = strings.profile;

/**
 * The second step's state: whether it is open, the password form, and the deletion itself (on
 * success this browser's session ends too). Cancelling empties the form and closes the step.
 */
function useDeleteAccount(onDeleted: (message: string) => void) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(deleteAccountRequestSchema, { password: '' });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const answer = await apiFetch<AccountMessageAnswer>('/api/auth/account', {
        method: 'DELETE',
        body: { password },
        fallbackMessage: s.deleteError,
      });
      await sessionStore.getState().logout({ revoke: false });
      onDeleted(answer.message);
    } catch (err) {
      setFailure(err instanceof ApiError && err.message ? err.message : s.deleteError);
    }
  });

  const cancel = () => {
    reset();
    setFailure(null);
    setOpen(false);
  };

  return {
    open,
    start: () => setOpen(true),
    cancel,
    register,
    errors,
    isSubmitting,
    onSubmit,
    failure,
  };
}

/**
 * Deleting one's account: a deliberate second step asks for the password. The API ends every
 * session, so this browser forgets its token without asking the API again; the page then says
 * goodbye with the server's message.
 */
export function DeleteAccountSection({ onDeleted }: { onDeleted: (message: string) => void }) {
  const { open, start, cancel, register, errors, isSubmitting, onSubmit, failure } =
    useDeleteAccount(onDeleted);

  return (
    <section className="profile-card" aria-labelledby="profile-delete-title">
      <h2 id="profile-delete-title" className="profile-card__title">
        {s.deleteTitle}
      </h2>
      <p className="sf-muted">{s.deleteIntro}</p>
      {open ? (
        <form
          className="profile-form"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-busy={isSubmitting}
        >
          {failure && (
            <p className="profile-failure" role="alert">
              {failure}
            </p>
          )}
          <Field label={s.deleteConfirmLabel} error={errors.password?.message} required latin>
            {(control) => (
              <input
                type="password"
                autoComplete="current-password"
                {...control}
                {...register('password')}
              />
            )}
          </Field>
          <div className="profile-actions">
            <SubmitButton
              pending={isSubmitting}
              pendingLabel={s.deleting}
              className="profile-danger-button"
            >
              {s.deleteConfirm}
            </SubmitButton>
            <button
              type="button"
              className="mb-button"
              data-variant="secondary"
              disabled={isSubmitting}
              onClick={cancel}
            >
              {s.deleteCancel}
            </button>
          </div>
        </form>
      ) : (
        <div className="profile-actions">
          <button type="button" className="mb-button profile-danger-button" onClick={start}>
            {s.deleteStart}
          </button>
        </div>
      )}
    </section>
  );
}
