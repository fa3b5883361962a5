import { useEffect, useRef } from 'react';
import { ApiError } from '@mechabrim/session';
import { useDonationStatus } from '../api/get-donation-status';
import { strings } from '../../../strings.he';

const r = strings.policies.donation.result;
const numberFormat = new Intl.NumberFormat('he-IL', { maximumFractionDigits: 2 });

/** A donation's payment reference as the hosted page's return address carries it. */
export function donationRefFrom(value: string | null): string | null {
  return value && /^[A-Za-z0-9_-]{16,40}$/.test(value) ? value : null;
}

/**
 * Back from the hosted payment page: what the server confirmed about the donation — never the
 * return address's own word (a 'success' return is only the browser's). Pending is asked again
 * for a while, since the provider's notify may come a moment after the browser.
 */
export function DonationResult({ donationRef }: { donationRef: string }) {
  const status = useDonationStatus(donationRef);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  let message: string;
  let tone: 'success' | 'error' | 'info' = 'info';
  if (status.isPending) message = r.checking;
  else if (status.isError) {
    message =
      status.error instanceof ApiError && status.error.status === 404 ? r.notFound : r.unavailable;
    tone = 'error';
  } else if (status.data.status === 'paid') {
    message = `${r.paid(numberFormat.format(status.data.amount))} ${r.paidMail}`;
    tone = 'success';
  } else if (status.data.status === 'failed') {
    message = status.data.error ? `${r.failed} (${status.data.error})` : r.failed;
    tone = 'error';
  } else message = r.pending(numberFormat.format(status.data.amount));
  return (
    <section
      className={`donation-result donation-result--${tone}`}
      aria-labelledby="donation-result-title"
    >
      <h2 id="donation-result-title" ref={heading} tabIndex={-1} className="sf-section-title">
        {r.title}
      </h2>
      <p role="status" aria-live="polite">
        {message}
      </p>
      {tone !== 'info' && (
        <a href="#donate" className="mb-button" data-variant="secondary">
          {r.again}
        </a>
      )}
    </section>
  );
}
