import { useEffect, useId, useRef, useState } from 'react';
import type { PaymentCreateResponse, PaymentFrameMessage } from '@mechabrim/contracts';
import { Spinner } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { acceptFrameMessage } from '../frame-messages';

const s = strings.checkout;

/** The spec's pause before the form data is posted into the frame (§4, checkout). */
export const FRAME_POST_DELAY_MS = 500;

export interface PaymentFrameProps {
  payment: PaymentCreateResponse;
  /** A message from the result page inside the frame (already checked: origin, sender, shape). */
  onMessage: (message: PaymentFrameMessage) => void;
  onClose: () => void;
}

/**
 * The provider's hosted card form in a frame: the returned form data is posted into it by a
 * hidden form whose target is the frame, half a second after it is drawn. The card number is
 * typed into the provider's page only; our pages never see it. When the payment ends, the
 * provider sends the frame to our `/payment/iframe/*` pages, which tell this page by message.
 */
export function PaymentFrame({ payment, onMessage, onClose }: PaymentFrameProps) {
  const frameName = `payment-frame-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const formRef = useRef<HTMLFormElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [posted, setPosted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    headingRef.current?.focus();
    const timer = setTimeout(() => {
      formRef.current?.submit();
      setPosted(true);
    }, FRAME_POST_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const message = acceptFrameMessage(event, {
        origin: window.location.origin,
        frame: frameRef.current?.contentWindow ?? null,
      });
      if (message) handler.current(message);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  return (
    <section className="checkout-frame" aria-labelledby={`${frameName}-heading`}>
      <div className="checkout-frame__head">
        <h2 id={`${frameName}-heading`} ref={headingRef} tabIndex={-1}>
          {s.frameHeading}
        </h2>
        <button type="button" className="mb-button" data-variant="ghost" onClick={onClose}>
          {s.closeFrame}
        </button>
      </div>
      <p className="checkout-frame__note">{s.frameNote}</p>
      <form
        ref={formRef}
        action={payment.payment_url}
        method="post"
        target={frameName}
        hidden
        data-testid="payment-form"
      >
        {Object.entries(payment.form_data).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      </form>
      <div className="checkout-frame__box" aria-busy={!loaded}>
        {!loaded && <Spinner label={s.frameLoading} />}
        <iframe
          ref={frameRef}
          name={frameName}
          title={s.frameTitle}
          className="checkout-frame__iframe"
          onLoad={() => {
            // The empty frame loads once before the post; only the provider's page counts.
            if (posted) setLoaded(true);
          }}
        />
      </div>
    </section>
  );
}
