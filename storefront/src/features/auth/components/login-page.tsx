import { Link, useLocation, useNavigate } from '@mechabrim/routing';
import { loginRequestSchema } from '@mechabrim/contracts';
import { sessionStore, useSession } from '@mechabrim/session';
import { SignInForm, useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';
import { GuestPage, returnPath } from './guest-page';
import './auth.css';

const s = strings.auth;

/** `/login` — email and password; success goes home (or back to where the visitor came from). */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Why the visitor is here when the API ended their session ('your session has ended…').
  const notice = useSession((st) => st.notice);
  const form = useZodForm(loginRequestSchema, { email: '', password: '' });

  return (
    <GuestPage submitting={form.formState.isSubmitting}>
      <SignInForm
        form={form}
        className="sf-form auth-form"
        texts={{
          email: s.email,
          password: s.password,
          submit: s.login,
          submitting: s.loggingIn,
          failed: s.loginError,
        }}
        notice={notice}
        onSubmit={async ({ email, password }) => {
          await sessionStore.getState().login(email, password);
          void navigate(returnPath(location.state), { replace: true });
        }}
        header={
          <>
            <h1 className="sf-page-title">{s.loginTitle}</h1>
            <p className="sf-muted">{s.loginIntro}</p>
          </>
        }
        afterFields={
          <p className="auth-switch">
            <Link to="/forgot-password" className="sf-link">
              {s.forgotLink}
            </Link>
          </p>
        }
        footer={
          <p className="auth-switch">
            {s.noAccount}{' '}
            {/* Where the reader was going (the checkout) goes on with them to registration. */}
            <Link to="/register" state={location.state} className="sf-link">
              {s.toRegister}
            </Link>
          </p>
        }
      />
    </GuestPage>
  );
}
