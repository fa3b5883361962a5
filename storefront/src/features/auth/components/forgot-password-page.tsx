import { useState } from 'react';
import { Link } from '@mechabrim/routing';
import { forgotPasswordRequestSchema, type AccountMessageAnswer } from '@mechabrim/contracts';
import { ApiError, apiFetch } from '@mechabrim/session';
import { Field, SubmitButton } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';
import './auth.css';

const s = strings.auth;

/**
 * `/forgot-password` — asks for the account's e-mail and mails a reset link. The server answers
 * the same whether or not the address has an account, and so does this page.
 */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(forgotPasswordRequestSchema, { email: '' });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const answer = await apiFetch<AccountMessageAnswer>('/api/auth/password/forgot', {
        method: 'POST',
        body: { email },
        auth: false,
        fallbackMessage: s.forgotError,
      });
      setSent(answer.message);
    } catch (err) {
      setFailure(err instanceof ApiError && err.message ? err.message : s.forgotError);
    }
  });

  if (sent) {
    return (
      <div className="sf-page auth-page">
        <section className="sf-form auth-form" aria-labelledby="forgot-sent-title">
          <h1 className="sf-page-title" id="forgot-sent-title">
            {s.forgotSentTitle}
          </h1>
          <p className="auth-notice" role="status">
            {sent}
          </p>
          <p className="sf-muted">{s.forgotSentHint}</p>
          <button type="button" className="mb-button" onClick={() => setSent(null)}>
            {s.forgotAgain}
          </button>
          <p className="auth-switch">
            <Link to="/login" className="sf-link">
              {s.toLogin}
            </Link>
          </p>
        </section>
      </div>
    );
  }

  return (
    <div className="sf-page auth-page">
      <form
        className="sf-form auth-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-busy={isSubmitting}
      >
        <h1 className="sf-page-title">{s.forgotTitle}</h1>
        <p className="sf-muted">{s.forgotIntro}</p>
        {failure && (
          <p className="auth-failure" role="alert">
            {failure}
          </p>
        )}
        <Field label={s.email} error={errors.email?.message} required latin>
          {(control) => (
            <input type="email" autoComplete="email" {...control} {...register('email')} />
          )}
        </Field>
        <SubmitButton pending={isSubmitting} pendingLabel={s.forgotSending}>
          {s.forgotSubmit}
        </SubmitButton>
        <p className="auth-switch">
          <Link to="/login" className="sf-link">
            {s.toLogin}
          </Link>
        </p>
      </form>
    </div>
  );
}
