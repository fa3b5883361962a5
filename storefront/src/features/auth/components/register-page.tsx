import { Link, useLocation, useNavigate } from '@mechabrim/routing';
import { passwordStrength, registerFormSchema, type RegisterRequest } from '@mechabrim/contracts';
import { sessionStore, type RegisterPayload } from '@mechabrim/session';
import { Field } from '@mechabrim/ui';
import { SignInForm, useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';
import { GuestPage, returnPath } from './guest-page';
import './auth.css';

const s = strings.auth;

/** `/register` — the registration form with live password checks; success goes home. */
export function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useZodForm(registerFormSchema, {
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
    role: 'user',
    agreeToTerms: false,
    agreeToAuthorsTerms: false,
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const [password, confirmPassword, role] = watch(['password', 'confirmPassword', 'role']);

  const strength = password ? passwordStrength(password) : null;
  // The confirmation is checked as it is typed, before any submit (spec §5).
  const mismatch = confirmPassword !== '' && confirmPassword !== password;

  return (
    <GuestPage submitting={isSubmitting}>
      <SignInForm
        form={form}
        className="sf-form auth-form"
        texts={{
          email: s.email,
          password: s.password,
          submit: s.register,
          submitting: s.registering,
          failed: s.registerError,
        }}
        onSubmit={async (data) => {
          const { name, email, role: chosenRole, agreeToTerms, agreeToAuthorsTerms } = data;
          // The API checks the agreements too (registerRequestSchema); the session's payload type
          // names only the account fields, so the agreements ride along in the same body.
          const payload: RegisterPayload &
            Pick<RegisterRequest, 'agreeToTerms' | 'agreeToAuthorsTerms'> = {
            name,
            email,
            password: data.password,
            role: chosenRole,
            agreeToTerms,
            ...(chosenRole === 'author' ? { agreeToAuthorsTerms } : {}),
          };
          await sessionStore.getState().register(payload);
          void navigate(returnPath(location.state), { replace: true });
        }}
        header={
          <>
            <h1 className="sf-page-title">{s.registerTitle}</h1>
            <p className="sf-muted">{s.registerIntro}</p>
          </>
        }
        beforeFields={
          <Field label={s.name} error={errors.name?.message} required>
            {(control) => <input autoComplete="name" {...control} {...register('name')} />}
          </Field>
        }
        newPassword={{
          deps: ['confirmPassword'],
          hint: (
            <>
              {s.passwordHint}
              {strength && (
                <span className={`auth-strength auth-strength--${strength}`}>
                  {' '}
                  {s.strength} {s.strengthLevels[strength]}
                </span>
              )}
            </>
          ),
        }}
        afterFields={
          <>
            <Field
              label={s.confirmPassword}
              error={mismatch ? s.passwordsDoNotMatch : errors.confirmPassword?.message}
              required
              latin
            >
              {(control) => (
                <input
                  type="password"
                  autoComplete="new-password"
                  {...control}
                  {...register('confirmPassword')}
                />
              )}
            </Field>
            <fieldset className="auth-roles">
              <legend className="sf-label">{s.role}</legend>
              {(['user', 'author'] as const).map((value) => (
                <label key={value} className="auth-check">
                  <input type="radio" value={value} {...register('role')} />
                  {value === 'user' ? s.roleUser : s.roleAuthor}
                </label>
              ))}
            </fieldset>
            <Field
              layout="check"
              error={errors.agreeToTerms?.message}
              required
              label={
                <>
                  {s.agreeTerms}{' '}
                  <a href="/terms" target="_blank" rel="noopener" className="sf-link">
                    {s.terms} <span className="mb-visually-hidden">{s.newTab}</span>
                  </a>{' '}
                  {s.agreeAfter}
                </>
              }
            >
              {(control) => <input type="checkbox" {...control} {...register('agreeToTerms')} />}
            </Field>
            {role === 'author' && (
              <Field
                layout="check"
                error={errors.agreeToAuthorsTerms?.message}
                required
                label={
                  <>
                    {s.agreeAuthorsTerms}{' '}
                    <a href="/authors-terms" target="_blank" rel="noopener" className="sf-link">
                      {s.authorsTerms} <span className="mb-visually-hidden">{s.newTab}</span>
                    </a>{' '}
                    {s.agreeAfter}
                  </>
                }
              >
                {(control) => (
                  <input type="checkbox" {...control} {...register('agreeToAuthorsTerms')} />
                )}
              </Field>
            )}
          </>
        }
        footer={
          <p className="auth-switch">
            {s.haveAccount}{' '}
            <Link to="/login" state={location.state} className="sf-link">
              {s.toLogin}
            </Link>
          </p>
        }
      />
    </GuestPage>
  );
}
