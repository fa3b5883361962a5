import type { RefObject } from 'react';

/** What a reject form needs of its decision's state (the moderation's and the returns'). */
export interface RejectReasonState {
  reasonId: string;
  reason: string;
  setReason: (reason: string) => void;
  busy: boolean;
  reasonRef: RefObject<HTMLTextAreaElement | null>;
  send: (reason: string) => Promise<void>;
}

type RejectReasonFormProps = {
  /** The page's CSS block: the form is `<block>__reject`, its buttons `<block>__buttons`. */
  block: string;
  decision: RejectReasonState;
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
