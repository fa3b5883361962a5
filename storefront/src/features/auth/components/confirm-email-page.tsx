import { useMemo, useState } from 'react';
import { Link, useLocation } from '@mechabrim/routing';
import type { AccountMessageAnswer } from '@mechabrim/contracts';
import { ApiError, apiFetch, sessionStore } from '@mechabrim/session';
import { strings } from '../../../strings.he';
import { resetTokenOf } from './reset-password-page';
import './auth.css';

const s = strings.auth;

/**
 * `/confirm-email#token=…` — the link mailed to a new address. One press moves the account there
 * (a press, not the page load, so nothing happens twice); every session ends, this browser's too,
 * and the page leads to sign-in with the new address.
 */
export function ConfirmEmailPage() {
  const location = useLocation();
  const token = useMemo(() => resetTokenOf(location.hash), [location.hash]);
  const [state, setState] = useState<
    { kind: 'ready' } | { kind: 'sending' } | { kind: 'done' | 'failed'; message: string }
  >({ kind: 'ready' });

  const confirm = async () => {
    setState({ kind: 'sending' });
    try {
      const answer = await apiFetch<AccountMessageAnswer>('/api/auth/email/confirm', {
        method: 'POST',
        body: { token },
        auth: false,
        fallbackMessage: s.confirmEmailError,
      });
      await sessionStore.getState().logout({ revoke: false });
      setState({ kind: 'done', message: answer.message });
    } catch (err) {
      const message = err instanceof ApiError && err.message ? err.message : s.confirmEmailError;
      setState({ kind: 'failed', message });
    }
  };

  const done = state.kind === 'done';
  return (
    <div className="sf-page auth-page">
      <section className="sf-form auth-form" aria-labelledby="confirm-email-title">
        <h1 className="sf-page-title" id="confirm-email-title">
          {done ? s.confirmEmailDoneTitle : s.confirmEmailTitle}
        </h1>
        {!token ? (
          <p className="auth-failure" role="alert">
            {s.confirmEmailNoToken}
          </p>
        ) : done ? (
          <>
            <p className="auth-notice" role="status">
              {state.message}
            </p>
            <Link to="/login" className="mb-button">
              {s.toLogin}
            </Link>
          </>
        ) : (
          <>
            {state.kind === 'failed' && (
              <p className="auth-failure" role="alert">
                {state.message}
              </p>
            )}
            <button
              type="button"
              className="mb-button"
              disabled={state.kind === 'sending'}
              aria-busy={state.kind === 'sending' || undefined}
              onClick={() => void confirm()}
            >
              {state.kind === 'sending'
                ? s.confirming
                : state.kind === 'failed'
                  ? s.retry
                  : s.confirmEmailTitle}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
