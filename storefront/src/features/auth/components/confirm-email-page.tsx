import { sessionStore } from '@mechabrim/session';
import { strings } from '../../../strings.he';
import { TokenLinkPage } from './token-link-page';

const s = strings.auth;

/**
 * `/confirm-email#token=…` — the link mailed to a new address. One press moves the account there
 * (a press, not the page load, so nothing happens twice); every session ends, this browser's too,
 * and the page leads to sign-in with the new address.
 */
export function ConfirmEmailPage() {
  return (
    <TokenLinkPage
      id="confirm-email"
      endpoint="/api/auth/email/confirm"
      copy={{
        title: s.confirmEmailTitle,
        doneTitle: s.confirmEmailDoneTitle,
        action: s.confirmEmailTitle,
        busy: s.confirming,
        error: s.confirmEmailError,
        noToken: s.confirmEmailNoToken,
      }}
      onDone={() => sessionStore.getState().logout({ revoke: false })}
      next={{ to: '/login', label: s.toLogin }}
    />
  );
}
