import { useMemo, useState } from 'react';
import { Link, useLocation } from '@mechabrim/routing';
import {
  accountTokenSchema,
  resetPasswordFormSchema,
  type AccountMessageAnswer,
} from '@mechabrim/contracts';
import { ApiError, apiFetch } from '@mechabrim/session';
import { Field, SubmitButton } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';
import { PasswordStrengthHint } from './password-strength-hint';
import './auth.css';

const s = strings.auth;

/** The token of a reset link: in the fragment (`#token=…`), which no server ever sees. */
export function resetTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && accountTokenSchema.safeParse(token).success ? token : null;
}

/**
 * `/reset-password#token=…` — the mailed link's page: a new password, typed twice. On success
 * every session of the account has ended, so the page leads to sign-in.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const token = useMemo(() => resetTokenOf(location.hash), [location.hash]);
  const [done, setDone] = useState<string | null>(null);

  if (!token) return <ResetLinkWithoutToken />;
  if (done) return <ResetDone message={done} />;
  return <ResetPasswordForm token={token} onDone={setDone} />;
}

/** A link without a (valid) token cannot reset anything: the way to ask for a new one. */
function ResetLinkWithoutToken() {
  return (
    <div className="sf-page auth-page">
      <section className="sf-form auth-form" aria-labelledby="reset-title">
        <h1 className="sf-page-title" id="reset-title">
          {s.resetTitle}
        </h1>
        <p className="auth-failure" role="alert">
          {s.resetNoToken}
        </p>
        <Link to="/forgot-password" className="mb-button">
          {s.toForgot}
        </Link>
      </section>
    </div>
  );
}

type ResetDoneProps = {
  /** The server's word that the password has changed. */
  message: string;
};

/** The password has changed and every session has ended: the way to sign in again. */
function ResetDone({ message }: ResetDoneProps) {
  return (
    <div className="sf-page auth-page">
      <section className="sf-form auth-form" aria-labelledby="reset-done-title">
        <h1 className="sf-page-title" id="reset-done-title">
          {s.resetDoneTitle}
        </h1>
        <p className="auth-notice" role="status">
          {message}
        </p>
        <Link to="/login" className="mb-button">
          {s.toLogin}
        </Link>
      </section>
    </div>
  );
}

type ResetPasswordFormProps = {
  /** The token of the mailed link. */
  token: string;
  /** Called with the server's message once the password has changed. */
  onDone: (message: string) => void;
};

/** The form's state, and its sending with the link's token; the API's refusal is kept. */
function useResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });
  const password = watch('password');

  const onSubmit = handleSubmit(async (data) => {
    setFailure(null);
    try {
      const answer = await apiFetch<AccountMessageAnswer>('/api/auth/password/reset', {
        method: 'POST',
        body: { token, password: data.password },
        auth: false,
        fallbackMessage: s.resetError,
      });
      onDone(answer.message);
    } catch (err) {
      setFailure(err instanceof ApiError && err.message ? err.message : s.resetError);
    }
  });

  return { register, errors, isSubmitting, password, onSubmit, failure };
}

/** The new password, typed twice, sent with the link's token. */
function ResetPasswordForm(props: ResetPasswordFormProps) {
  const { register, errors, isSubmitting, password, onSubmit, failure } =
    useResetPasswordForm(props);

  return (
    <div className="sf-page auth-page">
      <form
        className="sf-form auth-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-busy={isSubmitting}
      >
        <h1 className="sf-page-title">{s.resetTitle}</h1>
        <p className="sf-muted">{s.resetIntro}</p>
        {failure && (
          <div className="auth-failure" role="alert">
            <p>{failure}</p>
            <Link to="/forgot-password" className="sf-link">
              {s.toForgot}
            </Link>
          </div>
        )}
        <Field
          label={s.newPassword}
          error={errors.password?.message}
          required
          latin
          hint={<PasswordStrengthHint password={password} />}
        >
          {(control) => (
            <input
              type="password"
              autoComplete="new-password"
              {...control}
              {...register('password', { deps: ['confirmPassword'] })}
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
        <SubmitButton pending={isSubmitting} pendingLabel={s.resetSaving}>
          {s.resetSubmit}
        </SubmitButton>
      </form>
    </div>
  );
}
