import { useState } from 'react';
import type { AccountMessageAnswer } from '@mechabrim/contracts';
import { ApiError, apiFetch, useSession } from '@mechabrim/session';
import { strings } from '../strings.he';

const s = strings.verifyEmail;

/**
 * The portal's notice while the signed-in account's address is not verified (issue 24), with
 * 'send again' (limited by the API per account and per IP, refused in Hebrew).
 */
export function VerifyEmailNotice() {
  const user = useSession((st) => st.user);
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' | 'failed'; message: string }
  >({ kind: 'idle' });
  if (!user || user.emailVerified !== false) return null;

  const sendAgain = async () => {
    setState({ kind: 'sending' });
    try {
      const answer = await apiFetch<AccountMessageAnswer>('/api/auth/email/verify/resend', {
        method: 'POST',
        fallbackMessage: s.sendError,
      });
      setState({ kind: 'sent', message: answer.message });
    } catch (err) {
      setState({
        kind: 'failed',
        message: err instanceof ApiError && err.message ? err.message : s.sendError,
      });
    }
  };

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
