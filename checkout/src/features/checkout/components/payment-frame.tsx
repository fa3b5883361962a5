import { useEffect, useId, useRef, useState } from 'react';
import type { PaymentCreateResponse, PaymentFrameAction } from '@mechabrim/contracts';
import { Spinner } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { acceptFrameMessage } from '../frame-messages';

const s = strings.checkout;

/** The spec's pause before the form data is posted into the frame (§4, checkout). */
export const FRAME_POST_DELAY_MS = 500;

export interface PaymentFrameProps {
  payment: PaymentCreateResponse;
  /** A message from the result page inside the frame (already checked: origin, sender, shape). */
  onMessage: (message: PaymentFrameAction) => void;
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
  // The height our result page inside the frame reported (null: the provider's card form, which
  // cannot tell us, keeps the stylesheet's height).
  const [contentHeight, setContentHeight] = useState<number | null>(null);
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
      if (!message) return;
      if (message.type === 'FRAME_HEIGHT') setContentHeight(message.height);
      else handler.current(message);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  // A result view replaced the card form (or changed size): the frame is as tall as what it shows,
  // and the top of the payment area comes into view below the sticky header (the card form was
  // scrolled through to its pay button, so a short failure view would sit above the screen).
  useEffect(() => {
    if (contentHeight === null) return;
    headingRef.current?.scrollIntoView({ block: 'start' });
  }, [contentHeight]);

  const sized = contentHeight === null ? undefined : { blockSize: `${contentHeight}px` };

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
      <div
        className="checkout-frame__box"
        aria-busy={!loaded}
        data-sized={contentHeight === null ? undefined : ''}
      >
        {!loaded && <Spinner label={s.frameLoading} />}
        <iframe
          ref={frameRef}
          name={frameName}
          title={s.frameTitle}
          className="checkout-frame__iframe"
          style={sized}
          onLoad={() => {
            // The empty frame loads once before the post; only the provider's page counts.
            if (posted) setLoaded(true);
          }}
        />
      </div>
    </section>
  );
}
