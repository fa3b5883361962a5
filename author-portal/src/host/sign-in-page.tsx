import { loginRequestSchema } from '@mechabrim/contracts';
import { sessionStore, useSession } from '@mechabrim/session';
import { Navigate, useLocation, useNavigate } from '@mechabrim/routing';
import { SignInForm, useZodForm } from '@mechabrim/ui/src/forms';
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
  const form = useZodForm(loginRequestSchema, { email: '', password: '' });

  const home = homeOf(user?.role);
  if (home && !form.formState.isSubmitting) return <Navigate to={from ?? home} replace />;

  return (
    <section className="portal-sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{strings.signIn.title}</h1>
      <p>{strings.signIn.intro}</p>
      <SignInForm
        form={form}
        texts={{
          email: strings.signIn.email,
          password: strings.signIn.password,
          submit: strings.signIn.submit,
          submitting: strings.signIn.submitting,
          failed: strings.signIn.loginError,
        }}
        notice={notice}
        onSubmit={async ({ email, password }) => {
          const signedIn = await sessionStore.getState().login(email, password);
          const target = homeOf(signedIn.role);
          if (!target) {
            void sessionStore.getState().logout({ revoke: false });
            return strings.signIn.authorsOnly;
          }
          void navigate(from ?? target, { replace: true });
        }}
        footer={
          // The reset screens are the store's: the mailed link leads there, to the same account.
          <p>
            <a href={`${storeUrl}/forgot-password`}>{strings.signIn.forgot}</a>
          </p>
        }
      />
    </section>
  );
}
