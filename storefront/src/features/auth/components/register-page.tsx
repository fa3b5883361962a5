import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '@mechabrim/routing';
import { passwordStrength, registerFormSchema, type RegisterRequest } from '@mechabrim/contracts';
import { ApiError, sessionStore, type RegisterPayload } from '@mechabrim/session';
import { strings } from '../../../strings.he';
import { fieldErrors } from './form-errors';
import { returnPath } from './login-page';
import './auth.css';

const s = strings.auth;

interface RegisterForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  role: 'user' | 'author';
  agreeToTerms: boolean;
  agreeToAuthorsTerms: boolean;
}

const EMPTY: RegisterForm = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  role: 'user',
  agreeToTerms: false,
  agreeToAuthorsTerms: false,
};

/** `/register` — the registration form with live password checks; success goes home. */
export function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [form, setForm] = useState<RegisterForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const strength = form.password ? passwordStrength(form.password) : null;
  const mismatch = form.confirmPassword !== '' && form.confirmPassword !== form.password;

  const set = <K extends keyof RegisterForm>(key: K, value: RegisterForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = registerFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const { name, email, password, role, agreeToTerms, agreeToAuthorsTerms } = parsed.data;
      // The API checks the agreements too (registerRequestSchema); the session's payload type
      // names only the account fields, so the agreements ride along in the same body.
      const payload: RegisterPayload &
        Pick<RegisterRequest, 'agreeToTerms' | 'agreeToAuthorsTerms'> = {
        name,
        email,
        password,
        role,
        agreeToTerms,
        ...(role === 'author' ? { agreeToAuthorsTerms } : {}),
      };
      await sessionStore.getState().register(payload);
      void navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      setFailure(err instanceof ApiError && err.message ? err.message : s.registerError);
      setSubmitting(false);
    }
  };

  const described = (key: string, extra?: string) =>
    [errors[key] ? `${id}-${key}-error` : null, extra].filter(Boolean).join(' ') || undefined;
  const err = (key: string, text = errors[key]) =>
    text ? (
      <p id={`${id}-${key}-error`} className="sf-field-error">
        {text}
      </p>
    ) : null;

  return (
    <div className="sf-page auth-page">
      <form
        className="sf-form auth-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-busy={submitting}
      >
        <h1 className="sf-page-title">{s.registerTitle}</h1>
        <p className="sf-muted">{s.registerIntro}</p>
        {failure && (
          <p className="auth-failure" role="alert">
            {failure}
          </p>
        )}
        <div className="sf-field">
          <label htmlFor={`${id}-name`}>{s.name}</label>
          <input
            id={`${id}-name`}
            className="sf-input"
            autoComplete="name"
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={described('name')}
          />
          {err('name')}
        </div>
        <div className="sf-field">
          <label htmlFor={`${id}-email`}>{s.email}</label>
          <input
            id={`${id}-email`}
            className="sf-input"
            type="email"
            dir="ltr"
            autoComplete="email"
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={described('email')}
          />
          {err('email')}
        </div>
        <div className="sf-field">
          <label htmlFor={`${id}-password`}>{s.password}</label>
          <input
            id={`${id}-password`}
            className="sf-input"
            type="password"
            dir="ltr"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => set('password', e.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={described('password', `${id}-password-hint`)}
          />
          <p id={`${id}-password-hint`} className="sf-muted auth-hint">
            {s.passwordHint}
            {strength && (
              <span className={`auth-strength auth-strength--${strength}`}>
                {' '}
                {s.strength} {s.strengthLevels[strength]}
              </span>
            )}
          </p>
          {err('password')}
        </div>
        <div className="sf-field">
          <label htmlFor={`${id}-confirmPassword`}>{s.confirmPassword}</label>
          <input
            id={`${id}-confirmPassword`}
            className="sf-input"
            type="password"
            dir="ltr"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={(e) => set('confirmPassword', e.target.value)}
            aria-invalid={mismatch || errors.confirmPassword ? true : undefined}
            aria-describedby={
              mismatch || errors.confirmPassword ? `${id}-confirmPassword-error` : undefined
            }
          />
          {err('confirmPassword', mismatch ? s.passwordsDoNotMatch : errors.confirmPassword)}
        </div>
        <fieldset className="auth-roles">
          <legend className="sf-label">{s.role}</legend>
          {(['user', 'author'] as const).map((role) => (
            <label key={role} className="auth-check">
              <input
                type="radio"
                name="role"
                value={role}
                checked={form.role === role}
                onChange={() => set('role', role)}
              />
              {role === 'user' ? s.roleUser : s.roleAuthor}
            </label>
          ))}
        </fieldset>
        <div className="sf-field">
          <label className="auth-check">
            <input
              type="checkbox"
              checked={form.agreeToTerms}
              onChange={(e) => set('agreeToTerms', e.target.checked)}
              aria-describedby={described('agreeToTerms')}
            />
            <span>
              {s.agreeTerms}{' '}
              <a href="/terms" target="_blank" rel="noopener" className="sf-link">
                {s.terms} <span className="mb-visually-hidden">{s.newTab}</span>
              </a>
            </span>
          </label>
          {err('agreeToTerms')}
        </div>
        {form.role === 'author' && (
          <div className="sf-field">
            <label className="auth-check">
              <input
                type="checkbox"
                checked={form.agreeToAuthorsTerms}
                onChange={(e) => set('agreeToAuthorsTerms', e.target.checked)}
                aria-describedby={described('agreeToAuthorsTerms')}
              />
              <span>
                {s.agreeAuthorsTerms}{' '}
                <a href="/authors-terms" target="_blank" rel="noopener" className="sf-link">
                  {s.authorsTerms} <span className="mb-visually-hidden">{s.newTab}</span>
                </a>
              </span>
            </label>
            {err('agreeToAuthorsTerms')}
          </div>
        )}
        <button type="submit" className="mb-button" disabled={submitting}>
          {submitting ? s.registering : s.register}
        </button>
        <p className="auth-switch">
          {s.haveAccount}{' '}
          <Link to="/login" className="sf-link">
            {s.toLogin}
          </Link>
        </p>
      </form>
    </div>
  );
}
