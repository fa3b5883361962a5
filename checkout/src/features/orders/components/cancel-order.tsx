import { useEffect, useRef, useState, type RefObject } from 'react';
import type { BuyerOrder, OrderLifecycleStatus } from '@mechabrim/contracts';
import {
  formatPrice,
  agorot,
  cancellationFeeOf,
  toAgorot,
  toShekels,
  type Agorot,
} from '@mechabrim/money';
import { useQueryClient } from '@mechabrim/query';
import { ApiError } from '@mechabrim/session';
import { strings } from '../../../strings.he';
import { cancelOrder } from '../api/get-my-orders';

const s = strings.orders;

/** Statuses a buyer may cancel from: paid, not yet shipped (the API checks again). */
const CANCELLABLE: readonly OrderLifecycleStatus[] = ['paid', 'processing'];

/**
 * Cancelling a paid order: the fee and the refund said first (the money module's cancellation
 * fee, the one the server charges), then a confirmation; the answer's refund is announced.
 */
export function CancelOrder({ order }: { order: BuyerOrder }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'idle' | 'asking' | 'sending'>('idle');
  const [message, setMessage] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const focusCancelButton = useRef(false);
  // The question takes the focus on its safe answer; leaving it gives the focus back to the
  // button that asked (the button is drawn again, so this runs after the step changes).
  useEffect(() => {
    if (step === 'asking') keepButton.current?.focus();
    if (step === 'idle' && focusCancelButton.current) {
      focusCancelButton.current = false;
      cancelButton.current?.focus();
    }
  }, [step]);
  if (!CANCELLABLE.includes(order.status) && !message) return null;
  const keep = () => {
    focusCancelButton.current = true;
    setStep('idle');
  };
  const paid = toAgorot(order.total);
  const fee = cancellationFeeOf(paid);
  const confirm = async () => {
    setStep('sending');
    try {
      const answer = await cancelOrder(order._id);
      setMessage({ tone: 'done', text: s.cancelled(formatPrice(answer.refund)) });
      await queryClient.invalidateQueries({ queryKey: ['orders', 'mine'] });
    } catch (error) {
      setMessage({
        tone: 'error',
        // The API's own Hebrew word: production started (409), the printer unreachable (503).
        text:
          error instanceof ApiError && (error.status === 409 || error.status === 503)
            ? error.message
            : s.cancelFailed,
      });
    } finally {
      setStep('idle');
    }
  };
  return (
    <div className="order-cancel">
      {message && (
        <p className="order-cancel__message" role="status" data-tone={message.tone}>
          {message.text}
        </p>
      )}
      {CANCELLABLE.includes(order.status) &&
        (step === 'idle' ? (
          <button
            ref={cancelButton}
            type="button"
            className="mb-button"
            data-variant="ghost"
            onClick={() => {
              setMessage(null);
              setStep('asking');
            }}
          >
            {s.cancel}
          </button>
        ) : (
          <CancelQuestion
            paid={paid}
            fee={fee}
            sending={step === 'sending'}
            keepButton={keepButton}
            onConfirm={() => void confirm()}
            onKeep={keep}
          />
        ))}
    </div>
  );
}

/** The question before cancelling: the fee and the refund, then cancel or keep the order. */
function CancelQuestion({
  paid,
  fee,
  sending,
  keepButton,
  onConfirm,
  onKeep,
}: {
  paid: number;
  fee: Agorot;
  sending: boolean;
  keepButton: RefObject<HTMLButtonElement | null>;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    // Escape on either answer keeps the order: the group only hears keys that bubble up
    // from its buttons, it is not a control itself.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <div
      className="order-cancel__confirm"
      role="group"
      aria-label={s.cancel}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !sending) onKeep();
      }}
    >
      <p>
        {s.cancelQuestion(formatPrice(toShekels(fee)), formatPrice(toShekels(agorot(paid - fee))))}
      </p>
      <button type="button" className="mb-button" disabled={sending} onClick={onConfirm}>
        {sending ? s.cancelling : s.cancelConfirm}
      </button>
      <button
        ref={keepButton}
        type="button"
        className="mb-button"
        data-variant="ghost"
        disabled={sending}
        onClick={onKeep}
      >
        {s.cancelKeep}
      </button>
    </div>
  );
}
