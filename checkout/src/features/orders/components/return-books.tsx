import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@mechabrim/query';
import { RETURN_REASON_MAX, type BuyerOrder, type ReturnLine } from '@mechabrim/contracts';
import { formatDate, formatDateTime } from '@mechabrim/hebrew';
import { agorot, formatPrice, lineTotal, sumAgorot, toAgorot, toShekels } from '@mechabrim/money';
import { ApiError } from '@mechabrim/session';
import { Price } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { requestReturn } from '../api/request-return';

const s = strings.orders;
const r = strings.orders.returns;

/** The copies picked per line (0: none of that line) as the request's lines. */
export function pickedLines(picked: readonly number[]): ReturnLine[] {
  return picked.flatMap((quantity, lineIndex) => (quantity > 0 ? [{ lineIndex, quantity }] : []));
}

/** What the picked copies come to: the refund once they arrive (the money module's line total). */
export function pickedRefund(order: BuyerOrder, lines: readonly ReturnLine[]): number {
  return toShekels(
    sumAgorot(
      lines.map((line) => {
        const ordered = order.lines[line.lineIndex];
        return ordered ? lineTotal(toAgorot(ordered.unitPrice), line.quantity) : agorot(0);
      }),
    ),
  );
}

const copiesIn = (lines: readonly ReturnLine[]) =>
  r.copies(lines.reduce((sum, line) => sum + line.quantity, 0));

/** Where the order's return stands: asked for, the books arrived (with the refund), or refused. */
function ReturnStatus({ order }: { order: BuyerOrder }) {
  const asked = order.return;
  if (!asked) return null;
  return (
    <div className="order-return" data-return-state={asked.state}>
      <h3 className="order-return__title">{r.statusTitle}</h3>
      {asked.state === 'requested' && (
        <>
          <p>{r.requested(formatDate(asked.requestedAt), copiesIn(asked.lines))}</p>
          <p>{r.shippingNote(r.address)}</p>
        </>
      )}
      {asked.state === 'received' && (
        <>
          <p>{r.received(formatDate(asked.receivedAt ?? asked.requestedAt))}</p>
          {asked.refund !== null && (
            <p className="order-return__refund" data-refund-state={asked.refundState ?? 'pending'}>
              {s.refund}: <Price value={asked.refund} />{' '}
              {asked.refundState === 'refunded' && asked.refundedAt
                ? s.refundDone(formatDateTime(asked.refundedAt))
                : asked.refundState === 'failed'
                  ? s.refundFailed
                  : s.refundPending}
            </p>
          )}
        </>
      )}
      {asked.state === 'rejected' && (
        <>
          <p>{r.rejected}</p>
          {asked.rejectionReason && (
            <p>
              {r.rejectionReason}: <q>{asked.rejectionReason}</q>
            </p>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The return form's state: which copies are picked and why, sending the request, and the focus
 * moving between the button that opens the form and the form's first choice.
 */
function useReturnRequest(order: BuyerOrder) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<number[]>(() => order.lines.map(() => 0));
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const firstChoice = useRef<HTMLSelectElement>(null);
  const focusOpenButton = useRef(false);
  // Opening takes the focus to the first choice; closing gives it back to the button that opened.
  useEffect(() => {
    if (open) firstChoice.current?.focus();
    else if (focusOpenButton.current) {
      focusOpenButton.current = false;
      openButton.current?.focus();
    }
  }, [open]);

  const lines = pickedLines(picked);
  const pick = (lineIndex: number, count: number) => {
    const next = [...picked];
    next[lineIndex] = count;
    setPicked(next);
  };
  const close = () => {
    focusOpenButton.current = true;
    setError(null);
    setOpen(false);
  };
  const submit = async () => {
    if (lines.length === 0) return setError(r.pickCopies);
    if (!reason.trim()) return setError(r.reasonRequired);
    setError(null);
    setSending(true);
    try {
      await requestReturn(order._id, { reason: reason.trim(), lines });
      setSent(true);
      await queryClient.invalidateQueries({ queryKey: ['orders', 'mine'] });
    } catch (failure) {
      // The API's own Hebrew word for a refusal (past 14 days, asked already, too many copies).
      setError(
        failure instanceof ApiError && failure.status >= 400 && failure.status < 500
          ? failure.message
          : r.failed,
      );
    } finally {
      setSending(false);
    }
  };

  const openForm = () => setOpen(true);
  return {
    open,
    openForm,
    close,
    openButton,
    firstChoice,
    picked,
    pick,
    lines,
    reason,
    setReason,
    sending,
    error,
    sent,
    submit,
  };
}

type ReturnRequest = ReturnType<typeof useReturnRequest>;

type ReturnCopiesProps = {
  order: BuyerOrder;
  formId: string;
  picked: readonly number[];
  onPick: (lineIndex: number, count: number) => void;
  /** The first line's choice, which takes the focus when the form opens. */
  firstChoice: RefObject<HTMLSelectElement | null>;
};

/** How many copies of each line go back (none to all of them). */
function ReturnCopies({ order, formId, picked, onPick, firstChoice }: ReturnCopiesProps) {
  return (
    <fieldset className="order-return__copies">
      <legend>{r.copiesLegend}</legend>
      {order.lines.map((line, lineIndex) => (
        <div className="mb-field" key={`${line.bookId}-${lineIndex}`}>
          <label className="mb-field__label" htmlFor={`${formId}-line-${lineIndex}`}>
            {r.copiesOf(line.title)}
          </label>
          <select
            ref={lineIndex === 0 ? firstChoice : undefined}
            id={`${formId}-line-${lineIndex}`}
            className="mb-field__control"
            value={picked[lineIndex] ?? 0}
            onChange={(event) => onPick(lineIndex, Number(event.target.value))}
          >
            {Array.from({ length: line.quantity + 1 }, (_, count) => (
              <option key={count} value={count}>
                {count === 0 ? r.none : r.copies(count)}
              </option>
            ))}
          </select>
        </div>
      ))}
    </fieldset>
  );
}

type ReturnReasonProps = {
  formId: string;
  reason: string;
  onReason: (reason: string) => void;
};

/** Why the books go back, in the buyer's words. */
function ReturnReason({ formId, reason, onReason }: ReturnReasonProps) {
  return (
    <div className="mb-field">
      <label className="mb-field__label" htmlFor={`${formId}-reason`}>
        {r.reason}
      </label>
      <textarea
        id={`${formId}-reason`}
        className="mb-field__control"
        rows={3}
        required
        aria-required="true"
        aria-describedby={`${formId}-reason-hint`}
        maxLength={RETURN_REASON_MAX}
        value={reason}
        onChange={(event) => onReason(event.target.value)}
      />
      <span id={`${formId}-reason-hint`} className="mb-field__hint">
        {r.reasonHint}
      </span>
    </div>
  );
}

type ReturnFormProps = {
  order: BuyerOrder;
  /** The last day of the return window (the form shows only while there is one). */
  returnableUntil: string;
  formId: string;
  request: ReturnRequest;
};

/** The open return form: the copies, the reason, where to send them and the refund they make. */
function ReturnForm({ order, returnableUntil, formId, request }: ReturnFormProps) {
  const { lines, error, sending, close } = request;
  return (
    // Escape in any of its fields closes the form: it only hears keys that bubble up from its
    // controls, it is not a control itself.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <form
      id={formId}
      className="order-return__form"
      aria-labelledby={`${formId}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void request.submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !sending) close();
      }}
    >
      <h3 id={`${formId}-title`} className="order-return__title">
        {r.formTitle}
      </h3>
      <p>{r.until(formatDate(returnableUntil))}</p>
      <ReturnCopies
        order={order}
        formId={formId}
        picked={request.picked}
        onPick={request.pick}
        firstChoice={request.firstChoice}
      />
      <ReturnReason formId={formId} reason={request.reason} onReason={request.setReason} />
      <p className="order-return__note">{r.shippingNote(r.address)}</p>
      {lines.length > 0 && (
        <p className="order-return__preview">
          {r.refundPreview(formatPrice(pickedRefund(order, lines)))}
        </p>
      )}
      {error && (
        <p className="order-return__message" role="alert" data-tone="error">
          {error}
        </p>
      )}
      <div className="order-return__actions">
        <button type="submit" className="mb-button" disabled={sending}>
          {sending ? r.sending : r.submit}
        </button>
        <button
          type="button"
          className="mb-button"
          data-variant="ghost"
          disabled={sending}
          onClick={close}
        >
          {r.close}
        </button>
      </div>
    </form>
  );
}

/**
 * Returning books of a delivered order (spec §9): within 14 days of delivery the buyer picks the
 * copies of each line and says why; the form says where to send them and that the shipping back
 * is theirs. Afterwards the order shows where its return stands.
 */
export function ReturnBooks({ order }: { order: BuyerOrder }) {
  const id = useId();
  const request = useReturnRequest(order);

  if (order.return) return <ReturnStatus order={order} />;
  if (request.sent) {
    return (
      <p className="order-return__message" role="status" data-tone="done">
        {r.sent}
      </p>
    );
  }
  if (!order.returnableUntil) return null;

  const formId = `${id}-return`;
  return (
    <div className="order-return">
      {!request.open ? (
        <button
          ref={request.openButton}
          type="button"
          className="mb-button"
          data-variant="ghost"
          aria-expanded={false}
          aria-controls={formId}
          onClick={request.openForm}
        >
          {r.open}
        </button>
      ) : (
        <ReturnForm
          order={order}
          returnableUntil={order.returnableUntil}
          formId={formId}
          request={request}
        />
      )}
    </div>
  );
}
