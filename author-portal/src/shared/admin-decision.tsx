import { useEffect, useId, useRef, useState, type RefObject } from 'react';

/**
 * An admin's decision on one item, shared by the moderation (approve or reject a book, an edit,
 * a review) and the returns (received, or rejected): the two buttons, then the reason to reject
 * with. What they need of the decision's state:
 */
export interface AdminDecisionState {
  reasonId: string;
  reason: string;
  setReason: (reason: string) => void;
  busy: boolean;
  reasonRef: RefObject<HTMLTextAreaElement | null>;
  rejectRef: RefObject<HTMLButtonElement | null>;
  setRejecting: (rejecting: boolean) => void;
  /** `null` accepts; a reason rejects. */
  send: (reason: string | null) => Promise<void>;
}

/** {@link AdminDecisionState} with whether the reason form is open, and closing it. */
export interface AdminDecision extends AdminDecisionState {
  rejecting: boolean;
  /** Closes the reason form; focus goes back to 'reject'. */
  cancel: () => void;
}

/**
 * The decision's state: whether the reason form is open, where focus goes, and sending it.
 * `decide` sends the decision (`null` accepts) and tells the page; a failure goes to `onFailure`
 * and the buttons work again.
 */
export function useAdminDecision(
  decide: (reason: string | null) => Promise<void>,
  onFailure: (error: unknown) => void,
): AdminDecision {
  const reasonId = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const rejectRef = useRef<HTMLButtonElement>(null);
  /** Whether focus goes back to 'reject' when the form closes (not on the first render). */
  const returnFocus = useRef(false);
  useEffect(() => {
    if (rejecting) reasonRef.current?.focus();
    else if (returnFocus.current) rejectRef.current?.focus();
    returnFocus.current = false;
  }, [rejecting]);
  const cancel = () => {
    returnFocus.current = true;
    setRejecting(false);
  };
  const send = async (why: string | null) => {
    setBusy(true);
    try {
      await decide(why);
    } catch (error) {
      onFailure(error);
      setBusy(false);
    }
  };
  return {
    reasonId,
    rejecting,
    setRejecting,
    reason,
    setReason,
    busy,
    reasonRef,
    rejectRef,
    cancel,
    send,
  };
}

type DecisionButtonsProps = {
  /** The page's CSS block: the buttons' row is `<block>__buttons`. */
  block: string;
  decision: AdminDecisionState;
  labels: { accept: string; reject: string };
  /** Which item the buttons decide, for screen readers (visually hidden after each label). */
  item: string;
};

/** Accept, or open the reason form to reject. */
export function DecisionButtons({ block, decision, labels, item }: DecisionButtonsProps) {
  const { busy, rejectRef, send, setRejecting } = decision;
  const hidden = <span className="mb-visually-hidden"> {item}</span>;
  return (
    <div className={`${block}__buttons`}>
      <button type="button" className="mb-button" disabled={busy} onClick={() => void send(null)}>
        {labels.accept}
        {hidden}
      </button>
      <button
        ref={rejectRef}
        type="button"
        className="mb-button"
        data-variant="ghost"
        disabled={busy}
        onClick={() => setRejecting(true)}
      >
        {labels.reject}
        {hidden}
      </button>
    </div>
  );
}

type RejectReasonFormProps = {
  /** The page's CSS block: the form is `<block>__reject`, its buttons `<block>__buttons`. */
  block: string;
  decision: AdminDecisionState;
  /** Closes the form without rejecting (the cancel button, and Escape in the reason). */
  onCancel: () => void;
  labels: { reason: string; confirm: string; cancel: string };
  maxLength?: number;
};

/** An admin's reason for a rejection, required; Escape closes it like 'cancel'. */
export function RejectReasonForm({
  block,
  decision,
  onCancel,
  labels,
  maxLength,
}: RejectReasonFormProps) {
  const { reasonId, reason, setReason, busy, reasonRef, send } = decision;
  return (
    <form
      className={`${block}__reject`}
      onSubmit={(event) => {
        event.preventDefault();
        void send(reason);
      }}
    >
      <label htmlFor={reasonId}>{labels.reason}</label>
      <textarea
        ref={reasonRef}
        id={reasonId}
        className="mb-field__control"
        rows={2}
        required
        maxLength={maxLength}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <div className={`${block}__buttons`}>
        <button type="submit" className="mb-button" disabled={busy || reason.trim() === ''}>
          {labels.confirm}
        </button>
        <button type="button" className="mb-button" data-variant="ghost" onClick={onCancel}>
          {labels.cancel}
        </button>
      </div>
    </form>
  );
}
