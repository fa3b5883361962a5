import { useState } from 'react';
import { changePasswordFormSchema, type AccountMessageAnswer } from '@mechabrim/contracts';
import { ApiError, apiFetch } from '@mechabrim/session';
import { Field, SubmitButton } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';

const s = strings.profile;
const hint = strings.auth.passwordHint;

interface ChangePasswordFormProps {
  onChanged: (message: string) => void;
}

/** The form's state, and its sending: the API's refusal is kept, a change empties the form. */
function useChangePasswordForm(onChanged: (message: string) => void) {
  // The API's refusal (a wrong current password, the same password again) shown in the form.
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(changePasswordFormSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    try {
      const answer = await apiFetch<AccountMessageAnswer>('/api/auth/password', {
        method: 'PUT',
        body: { currentPassword, newPassword },
        fallbackMessage: s.passwordError,
      });
      reset();
      onChanged(answer.message);
    } catch (err) {
      setFailure(err instanceof ApiError && err.message ? err.message : s.passwordError);
    }
  });

  return { register, errors, isSubmitting, onSubmit, failure };
}

/**
 * The profile's password change: the current password and the new one twice. The API ends the
 * account's other sessions and mails the owner; this browser stays signed in.
 */
export function ChangePasswordForm({ onChanged }: ChangePasswordFormProps) {
  const { register, errors, isSubmitting, onSubmit, failure } = useChangePasswordForm(onChanged);

  return (
    <section className="profile-card" aria-labelledby="profile-password-title">
      <h2 id="profile-password-title" className="profile-card__title">
        {s.passwordTitle}
      </h2>
      <p className="sf-muted">{s.passwordIntro}</p>
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
        <Field label={s.currentPassword} error={errors.currentPassword?.message} required latin>
          {(control) => (
            <input
              type="password"
              autoComplete="current-password"
              {...control}
              {...register('currentPassword')}
            />
          )}
        </Field>
        <Field label={s.newPassword} error={errors.newPassword?.message} hint={hint} required latin>
          {(control) => (
            <input
              type="password"
              autoComplete="new-password"
              {...control}
              {...register('newPassword', { deps: ['confirmPassword'] })}
            />
          )}
        </Field>
        <Field label={s.confirmPassword} error={errors.confirmPassword?.message} required latin>
          {(control) => (
            <input
              type="password"
              autoComplete="new-password"
              {...control}
              {...register('confirmPassword')}
            />
          )}
        </Field>
        <div className="profile-actions">
          <SubmitButton pending={isSubmitting} pendingLabel={s.changingPassword}>
            {s.changePassword}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
