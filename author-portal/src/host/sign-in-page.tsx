import { useState } from 'react';
import { loginRequestSchema } from '@mechabrim/contracts';
import { sessionStore, useSession } from '@mechabrim/session';
import { Navigate, useLocation, useNavigate } from '@mechabrim/routing';
import { Field, SubmitButton } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../strings.he';
import { homeOf } from './home-of';

/**
 * The authors' subdomain has its own origin, hence its own localStorage and its own sign-in,
 * against the same API (POST /api/auth/login) and with the storefront's login rules and words
 * (the login schema of `@mechabrim/contracts`). Authors enter their dashboard, admins the
 * moderation area; readers are turned away. A forgotten password is reset on the store's own
 * screens (`storeUrl`), where the mailed link leads.
 */
export function SignInPage({ storeUrl }: { storeUrl: string }) {
  const user = useSession((s) => s.user);
  // Why the author is here when the API ended their session ('your session has ended…').
  const notice = useSession((s) => s.notice);
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(loginRequestSchema, { email: '', password: '' });

  const home = homeOf(user?.role);
  if (home && !isSubmitting) return <Navigate to={from ?? home} replace />;

  const submit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const signedIn = await sessionStore.getState().login(email, password);
      const target = homeOf(signedIn.role);
      if (!target) {
        void sessionStore.getState().logout({ revoke: false });
        setFailure(strings.signIn.authorsOnly);
        return;
      }
      void navigate(from ?? target, { replace: true });
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : strings.signIn.loginError);
    }
  });

  return (
    <section className="portal-sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{strings.signIn.title}</h1>
      <p>{strings.signIn.intro}</p>
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={isSubmitting}>
        <Field label={strings.signIn.email} error={errors.email?.message} required latin>
          {(control) => (
            <input type="email" autoComplete="email" {...control} {...register('email')} />
          )}
        </Field>
        <Field label={strings.signIn.password} error={errors.password?.message} required latin>
          {(control) => (
            <input
              type="password"
              autoComplete="current-password"
              {...control}
              {...register('password')}
            />
          )}
        </Field>
        {failure ? (
          <p className="portal-alert" role="alert">
            {failure}
          </p>
        ) : notice ? (
          <p className="portal-notice" role="status">
            {notice}
          </p>
        ) : null}
        <SubmitButton pending={isSubmitting} pendingLabel={strings.signIn.submitting}>
          {strings.signIn.submit}
        </SubmitButton>
        {/* The reset screens are the store's: the mailed link leads there, to the same account. */}
        <p>
          <a href={`${storeUrl}/forgot-password`}>{strings.signIn.forgot}</a>
        </p>
      </form>
    </section>
  );
}
