import { sessionStore, useSession } from '@mechabrim/session';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from '@mechabrim/routing';
import { strings } from '../strings.he';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5 login rules: email required and valid, password required. */
export function validateSignIn(
  email: string,
  password: string,
): { email?: string; password?: string } {
  const errors: { email?: string; password?: string } = {};
  if (!email.trim()) errors.email = strings.signIn.emailRequired;
  else if (!EMAIL.test(email.trim())) errors.email = strings.signIn.emailInvalid;
  if (!password) errors.password = strings.signIn.passwordRequired;
  return errors;
}

/**
 * The authors' subdomain has its own origin, hence its own localStorage and its own sign-in,
 * against the same API (POST /api/auth/login). Only the author role may enter.
 */
export function SignInPage() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/author-dashboard';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (user?.role === 'author' && !submitting) return <Navigate to={from} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateSignIn(email, password);
    setErrors(found);
    setFailure(null);
    if (found.email || found.password) return;
    setSubmitting(true);
    try {
      const signedIn = await sessionStore.getState().login(email.trim(), password);
      if (signedIn.role !== 'author') {
        sessionStore.getState().logout();
        setFailure(strings.signIn.authorsOnly);
        return;
      }
      void navigate(from, { replace: true });
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : strings.signIn.loginError);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="portal-sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{strings.signIn.title}</h1>
      <p>{strings.signIn.intro}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <div className="portal-field">
          <label htmlFor="sign-in-email">{strings.signIn.email}</label>
          <input
            id="sign-in-email"
            type="email"
            dir="ltr"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'sign-in-email-error' : undefined}
          />
          {errors.email ? (
            <p id="sign-in-email-error" className="portal-field__error">
              {errors.email}
            </p>
          ) : null}
        </div>
        <div className="portal-field">
          <label htmlFor="sign-in-password">{strings.signIn.password}</label>
          <input
            id="sign-in-password"
            type="password"
            dir="ltr"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'sign-in-password-error' : undefined}
          />
          {errors.password ? (
            <p id="sign-in-password-error" className="portal-field__error">
              {errors.password}
            </p>
          ) : null}
        </div>
        {failure ? (
          <p className="portal-alert" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="mb-button" disabled={submitting}>
          {submitting ? strings.signIn.submitting : strings.signIn.submit}
        </button>
      </form>
    </section>
  );
}
