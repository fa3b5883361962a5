import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from '@mechabrim/routing';
import { loginRequestSchema } from '@mechabrim/contracts';
import { ApiError, sessionStore, useSession } from '@mechabrim/session';
import { Field, Spinner, SubmitButton } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';
import './auth.css';

const s = strings.auth;

/** Where to go after signing in: the page that sent the visitor here, else home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/** `/login` — email and password; success goes home (or back to where the visitor came from). */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSession((st) => st.user !== null);
  // A stored session still being checked: wait for it rather than show a form to a signed-in user.
  const sessionLoading = useSession((st) => st.loading);
  // Why the visitor is here when the API ended their session ('your session has ended…').
  const notice = useSession((st) => st.notice);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(loginRequestSchema, { email: '', password: '' });

  // Already signed in (another tab, a bookmark, the back button): nothing to do here.
  if (signedIn && !isSubmitting) return <Navigate to={returnPath(location.state)} replace />;
  if (sessionLoading && !isSubmitting) {
    return (
      <div className="sf-page auth-page">
        <Spinner />
      </div>
    );
  }

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      await sessionStore.getState().login(email, password);
      void navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      setFailure(err instanceof ApiError && err.message ? err.message : s.loginError);
    }
  });

  return (
    <div className="sf-page auth-page">
      <form
        className="sf-form auth-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-busy={isSubmitting}
      >
        <h1 className="sf-page-title">{s.loginTitle}</h1>
        <p className="sf-muted">{s.loginIntro}</p>
        {failure ? (
          <p className="auth-failure" role="alert">
            {failure}
          </p>
        ) : (
          notice && (
            <p className="auth-notice" role="status">
              {notice}
            </p>
          )
        )}
        <Field label={s.email} error={errors.email?.message} required latin>
          {(control) => (
            <input type="email" autoComplete="email" {...control} {...register('email')} />
          )}
        </Field>
        <Field label={s.password} error={errors.password?.message} required latin>
          {(control) => (
            <input
              type="password"
              autoComplete="current-password"
              {...control}
              {...register('password')}
            />
          )}
        </Field>
        <p className="auth-switch">
          <Link to="/forgot-password" className="sf-link">
            {s.forgotLink}
          </Link>
        </p>
        <SubmitButton pending={isSubmitting} pendingLabel={s.loggingIn}>
          {s.login}
        </SubmitButton>
        <p className="auth-switch">
          {s.noAccount}{' '}
          {/* Where the reader was going (the checkout) goes on with them to registration. */}
          <Link to="/register" state={location.state} className="sf-link">
            {s.toRegister}
          </Link>
        </p>
      </form>
    </div>
  );
}
