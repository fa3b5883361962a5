import { useMemo, useState } from 'react';
import { Link, useLocation } from '@mechabrim/routing';
import type { AccountMessageAnswer } from '@mechabrim/contracts';
import { ApiError, apiFetch, sessionStore } from '@mechabrim/session';
import { strings } from '../../../strings.he';
import { resetTokenOf } from './reset-password-page';
import './auth.css';

interface TokenLinkCopy {
  title: string;
  doneTitle: string;
  action: string;
  busy: string;
  error: string;
  noToken: string;
}

/**
 * A page a mailed link opens (`#token=…`, the fragment no server sees): one press posts the token
 * (a press, not the page load, so a mail scanner that opens links changes nothing), then the
 * server's Hebrew answer.
 */
export function TokenLinkPage({
  id,
  endpoint,
  copy,
  onDone,
  next = { to: '/', label: strings.verifyEmail.toHome },
}: {
  id: string;
  endpoint: string;
  copy: TokenLinkCopy;
  onDone?: () => Promise<void>;
  /** Where the page leads once the server said yes. */
  next?: { to: string; label: string };
}) {
  const location = useLocation();
  const token = useMemo(() => resetTokenOf(location.hash), [location.hash]);
  const [state, setState] = useState<
    { kind: 'ready' } | { kind: 'sending' } | { kind: 'done' | 'failed'; message: string }
  >({ kind: 'ready' });

  const send = async () => {
    setState({ kind: 'sending' });
    try {
      const answer = await apiFetch<AccountMessageAnswer>(endpoint, {
        method: 'POST',
        body: { token },
        auth: false,
        fallbackMessage: copy.error,
      });
      await onDone?.();
      setState({ kind: 'done', message: answer.message });
    } catch (err) {
      const message = err instanceof ApiError && err.message ? err.message : copy.error;
      setState({ kind: 'failed', message });
    }
  };

  const done = state.kind === 'done';
  return (
    <div className="sf-page auth-page">
      <section className="sf-form auth-form" aria-labelledby={`${id}-title`}>
        <h1 className="sf-page-title" id={`${id}-title`}>
          {done ? copy.doneTitle : copy.title}
        </h1>
        {!token ? (
          <p className="auth-failure" role="alert">
            {copy.noToken}
          </p>
        ) : done ? (
          <>
            <p className="auth-notice" role="status">
              {state.message}
            </p>
            <Link to={next.to} className="mb-button">
              {next.label}
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
              onClick={() => void send()}
            >
              {state.kind === 'sending'
                ? copy.busy
                : state.kind === 'failed'
                  ? strings.auth.retry
                  : copy.action}
            </button>
          </>
        )}
      </section>
    </div>
  );
}

const v = strings.verifyEmail;
const f = strings.follows;

/** `/verify-email#token=…` — the link mailed at registration; the banner goes once verified. */
export function VerifyEmailPage() {
  return (
    <TokenLinkPage
      id="verify-email"
      endpoint="/api/auth/email/verify"
      copy={{
        title: v.title,
        doneTitle: v.doneTitle,
        action: v.action,
        busy: v.verifying,
        error: v.error,
        noToken: v.noToken,
      }}
      onDone={async () => {
        // A signed-in browser learns the new state (the banner goes); a signed-out one has none.
        const { user } = sessionStore.getState();
        if (user) sessionStore.setState({ user: { ...user, emailVerified: true } });
        await Promise.resolve();
      }}
    />
  );
}

/** `/unsubscribe#token=…` — the new-books mail's link; works without signing in. */
export function UnsubscribePage() {
  return (
    <TokenLinkPage
      id="unsubscribe"
      endpoint="/api/follows/unsubscribe"
      copy={{
        title: f.unsubscribeTitle,
        doneTitle: f.unsubscribeDone,
        action: f.unsubscribeAction,
        busy: f.unsubscribing,
        error: f.unsubscribeError,
        noToken: f.unsubscribeNoToken,
      }}
    />
  );
}
