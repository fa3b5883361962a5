import { useResendVerification, useSession } from '@mechabrim/session';
import { strings } from '../../../strings.he';
import './auth.css';

const s = strings.verifyEmail;

/**
 * Shown on every storefront screen while the signed-in account's address is not verified (only
 * an answer saying `emailVerified: false` shows it: older sessions and accounts never do), with
 * 'send again' (the API limits it per account and per IP, and says so in Hebrew).
 */
export function VerifyEmailBanner() {
  const user = useSession((st) => st.user);
  const { state, sendAgain } = useResendVerification(s.sendError);
  if (!user || user.emailVerified !== false) return null;

  return (
    <aside className="mb-container verify-banner" aria-label={s.title}>
      <p>
        {s.banner} {s.bannerSentTo}{' '}
        {/* An address is Latin, left to right: isolated, its dots and @ stay in place. */}
        <bdi dir="ltr">{user.email}</bdi>.
      </p>
      {state.kind === 'sent' || state.kind === 'failed' ? (
        <p
          className={state.kind === 'sent' ? 'auth-notice' : 'auth-failure'}
          role={state.kind === 'sent' ? 'status' : 'alert'}
        >
          {state.message}
        </p>
      ) : null}
      {state.kind !== 'sent' && (
        <button
          type="button"
          className="mb-button"
          data-variant="secondary"
          disabled={state.kind === 'sending'}
          aria-busy={state.kind === 'sending' || undefined}
          onClick={() => void sendAgain()}
        >
          {state.kind === 'sending' ? s.sending : s.sendAgain}
        </button>
      )}
    </aside>
  );
}
