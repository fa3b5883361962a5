import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '@mechabrim/routing';
import { loginRequestSchema } from '@mechabrim/contracts';
import { ApiError, sessionStore } from '@mechabrim/session';
import { strings } from '../../../strings.he';
import { fieldErrors } from './form-errors';
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
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = loginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await sessionStore.getState().login(parsed.data.email, parsed.data.password);
      void navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      setFailure(err instanceof ApiError && err.message ? err.message : s.loginError);
      setSubmitting(false);
    }
  };

  return (
    <div className="sf-page auth-page">
      <form
        className="sf-form auth-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-busy={submitting}
      >
        <h1 className="sf-page-title">{s.loginTitle}</h1>
        <p className="sf-muted">{s.loginIntro}</p>
        {failure && (
          <p className="auth-failure" role="alert">
            {failure}
          </p>
        )}
        <div className="sf-field">
          <label htmlFor={`${id}-email`}>{s.email}</label>
          <input
            id={`${id}-email`}
            className="sf-input"
            type="email"
            dir="ltr"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
          />
          {errors.email && (
            <p id={`${id}-email-error`} className="sf-field-error">
              {errors.email}
            </p>
          )}
        </div>
        <div className="sf-field">
          <label htmlFor={`${id}-password`}>{s.password}</label>
          <input
            id={`${id}-password`}
            className="sf-input"
            type="password"
            dir="ltr"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${id}-password-error` : undefined}
          />
          {errors.password && (
            <p id={`${id}-password-error`} className="sf-field-error">
              {errors.password}
            </p>
          )}
        </div>
        <button type="submit" className="mb-button" disabled={submitting}>
          {submitting ? s.loggingIn : s.login}
        </button>
        <p className="auth-switch">
          {s.noAccount}{' '}
          <Link to="/register" className="sf-link">
            {s.toRegister}
          </Link>
        </p>
      </form>
    </div>
  );
}
