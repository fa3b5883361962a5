import { useResendVerification, useSession } from '@mechabrim/session';
import { strings } from '../strings.he';

const s = strings.verifyEmail;

/**
 * The portal's notice while the signed-in account's address is not verified (issue 24), with
 * 'send again' (limited by the API per account and per IP, refused in Hebrew).
 */
export function VerifyEmailNotice() {
  const user = useSession((st) => st.user);
  const { state, sendAgain } = useResendVerification(s.sendError);
  if (!user || user.emailVerified !== false) return null;

  return (
    <aside className="ap-verify-notice" aria-label={s.label}>
      <p>{s.notice(user.email)}</p>
      {state.kind === 'sent' || state.kind === 'failed' ? (
        <p role={state.kind === 'sent' ? 'status' : 'alert'}>{state.message}</p>
      ) : (
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
