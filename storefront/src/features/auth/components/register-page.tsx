import { Link, useLocation, useNavigate } from '@mechabrim/routing';
import { registerFormSchema, type RegisterRequest } from '@mechabrim/contracts';
import { sessionStore, type RegisterPayload } from '@mechabrim/session';
import { Field } from '@mechabrim/ui';
import { SignInForm, useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';
import { GuestPage, returnPath } from './guest-page';
import { PasswordStrengthHint } from './password-strength-hint';
import './auth.css';

const s = strings.auth;

/** The registration form, empty, as a new visitor first sees it. */
function useRegisterForm() {
  return useZodForm(registerFormSchema, {
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
    role: 'user',
    agreeToTerms: false,
    agreeToAuthorsTerms: false,
  });
}

type RegisterForm = ReturnType<typeof useRegisterForm>;
type RegisterValues = Parameters<Parameters<RegisterForm['handleSubmit']>[0]>[0];
/** The role as the form holds it (the schema fills in 'user' when none is chosen). */
type RoleAsTyped = RegisterValues['role'] | undefined;

/** Opens the account (and signs it in) with the checked values of the form. */
async function registerAccount(data: RegisterValues): Promise<void> {
  const { name, email, role: chosenRole, agreeToTerms, agreeToAuthorsTerms } = data;
  // The API checks the agreements too (registerRequestSchema); the session's payload type
  // names only the account fields, so the agreements ride along in the same body.
  const payload: RegisterPayload & Pick<RegisterRequest, 'agreeToTerms' | 'agreeToAuthorsTerms'> = {
    name,
    email,
    password: data.password,
    role: chosenRole,
    agreeToTerms,
    ...(chosenRole === 'author' ? { agreeToAuthorsTerms } : {}),
  };
  await sessionStore.getState().register(payload);
}

/** `/register` — the registration form with live password checks; success goes home. */
export function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useRegisterForm();
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const [password, confirmPassword, role] = watch(['password', 'confirmPassword', 'role']);

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
          await registerAccount(data);
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
          hint: <PasswordStrengthHint password={password} />,
        }}
        afterFields={
          <RegisterAfterPassword
            form={form}
            password={password}
            confirmPassword={confirmPassword}
            role={role}
          />
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

type RegisterAfterPasswordProps = {
  form: RegisterForm;
  password: string;
  confirmPassword: string;
  role: RoleAsTyped;
};

/** The fields after the password: its confirmation, the role and the agreements. */
function RegisterAfterPassword({
  form,
  password,
  confirmPassword,
  role,
}: RegisterAfterPasswordProps) {
  const {
    register,
    formState: { errors },
  } = form;
  // The confirmation is checked as it is typed, before any submit (spec §5).
  const mismatch = confirmPassword !== '' && confirmPassword !== password;
  return (
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
      <RegisterAgreements form={form} role={role} />
    </>
  );
}

type RegisterAgreementsProps = {
  form: RegisterForm;
  role: RoleAsTyped;
};

/** The site's terms, and for an author the authors' terms too, each opening in a new tab. */
function RegisterAgreements({ form, role }: RegisterAgreementsProps) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
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
          {(control) => <input type="checkbox" {...control} {...register('agreeToAuthorsTerms')} />}
        </Field>
      )}
    </>
  );
}
