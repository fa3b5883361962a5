import {
  REFUND_STATES,
  type AdminRefund,
  type AdminReturn,
  type RefundState,
} from '@mechabrim/contracts';
import { formatDateTime } from '@mechabrim/hebrew';
import { formatPrice } from '@mechabrim/money';
import { useQueryClient } from '@mechabrim/query';
import { ErrorState } from '@mechabrim/ui';
import { useId, useState, type ReactNode } from 'react';
import { reasonOf } from '../../../shared/errors';
import {
  DecisionButtons,
  RejectReasonForm,
  useAdminDecision,
  type AdminDecision,
} from '../../../shared/admin-decision';
import { strings } from '../../../strings.he';
import {
  decideReturn,
  refundsRoot,
  retryRefund,
  returnsKey,
  useAdminRefunds,
  useRequestedReturns,
} from '../api/refunds';
import './refunds.css';
import type { Notice } from '../../../shared/notice';

const s = strings.refunds;

type OnNotice = (notice: Notice) => void;

/** A list's loading, error and empty states, or its items. */
function ListBody<T>({
  query,
  empty,
  render,
}: {
  query: {
    isError: boolean;
    isPending: boolean;
    data: T[] | undefined;
    refetch: () => Promise<unknown>;
  };
  empty: string;
  render: (item: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <ErrorState
        message={s.loadError}
        onRetry={() => void query.refetch()}
        retryLabel={s.reload}
      />
    );
  }
  if (query.isPending || !query.data) return <p role="status">{strings.loading}</p>;
  if (query.data.length === 0) return <p>{empty}</p>;
  return <ul className="ap-refunds__list">{query.data.map(render)}</ul>;
}

type ReturnDecisionProps = { item: AdminReturn; onNotice: OnNotice };

/** The decision on one return: received or rejected, then the notice and the lists again. */
function useReturnDecision({ item, onNotice }: ReturnDecisionProps) {
  const queryClient = useQueryClient();
  return useAdminDecision(
    async (why) => {
      await decideReturn(item.orderId, why);
      const reference = item.orderReference;
      onNotice({
        tone: 'done',
        text: why === null ? s.received(reference) : s.rejected(reference),
      });
      await queryClient.invalidateQueries({ queryKey: returnsKey });
      await queryClient.invalidateQueries({ queryKey: refundsRoot });
    },
    (error) => onNotice({ tone: 'error', text: s.failed(reasonOf(error, s.loadError)) }),
  );
}

/** The reason the buyer will read; Escape closes it like 'cancel'. */
function ReturnRejectForm({ decision }: { decision: AdminDecision }) {
  return (
    <RejectReasonForm
      block="ap-refunds"
      decision={decision}
      onCancel={decision.cancel}
      labels={{ reason: s.rejectReason, confirm: s.confirmReject, cancel: s.cancel }}
      maxLength={500}
    />
  );
}

/** 'Received', or 'reject' with the reason the buyer will read. */
function ReturnDecision({ item, onNotice }: ReturnDecisionProps) {
  const decision = useReturnDecision({ item, onNotice });
  if (decision.rejecting) return <ReturnRejectForm decision={decision} />;
  return (
    <DecisionButtons
      block="ap-refunds"
      decision={decision}
      labels={{ accept: s.receive, reject: s.reject }}
      item={s.order(item.orderReference)}
    />
  );
}

function ReturnCard({ item, onNotice }: { item: AdminReturn; onNotice: OnNotice }) {
  return (
    <li className="ap-card" data-testid="requested-return">
      <h3 className="ap-refunds__title">{s.order(item.orderReference)}</h3>
      <dl className="ap-refunds__facts">
        <dt>{s.buyer}</dt>
        <dd>
          <bdi>{item.buyerEmail}</bdi>
        </dd>
        <dt>{s.requestedAt}</dt>
        <dd>
          <time dateTime={item.requestedAt}>{formatDateTime(item.requestedAt)}</time>
        </dd>
        <dt>{s.buyerReason}</dt>
        <dd>{item.reason}</dd>
        <dt>{s.amount}</dt>
        <dd>
          <bdi>{formatPrice(item.amount)}</bdi>
        </dd>
      </dl>
      <ul className="ap-refunds__copies">
        {item.lines.map((line) => (
          <li key={line.lineIndex}>{s.copies(line.title, line.quantity)}</li>
        ))}
      </ul>
      <ReturnDecision item={item} onNotice={onNotice} />
    </li>
  );
}

function RefundCard({ refund, onNotice }: { refund: AdminRefund; onNotice: OnNotice }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await retryRefund(refund);
      onNotice({ tone: 'done', text: s.retried(refund.orderReference) });
      await queryClient.invalidateQueries({ queryKey: refundsRoot });
    } catch (error) {
      onNotice({ tone: 'error', text: s.failed(reasonOf(error, s.loadError)) });
      setBusy(false);
    }
  };
  return (
    <li className="ap-card" data-testid="refund" data-state={refund.state}>
      <h3 className="ap-refunds__title">
        {s.order(refund.orderReference)} · {s.reasons[refund.reason]}
      </h3>
      <dl className="ap-refunds__facts">
        <dt>{s.amount}</dt>
        <dd>
          <bdi>{formatPrice(refund.amount)}</bdi>
        </dd>
        {refund.fee > 0 && (
          <>
            <dt>{s.fee}</dt>
            <dd>
              <bdi>{formatPrice(refund.fee)}</bdi>
            </dd>
          </>
        )}
        <dt>{s.requestedAt}</dt>
        <dd>
          <time dateTime={refund.requestedAt}>{formatDateTime(refund.requestedAt)}</time>
        </dd>
        {refund.refundedAt && (
          <>
            <dt>{s.refundedAt}</dt>
            <dd>
              <time dateTime={refund.refundedAt}>{formatDateTime(refund.refundedAt)}</time>
            </dd>
          </>
        )}
        <dt>{s.attempts}</dt>
        <dd>{refund.attempts}</dd>
        {refund.lastError && (
          <>
            <dt>{s.lastError}</dt>
            <dd>{refund.lastError}</dd>
          </>
        )}
      </dl>
      {refund.state === 'failed' && (
        <div className="ap-refunds__buttons">
          <button type="button" className="mb-button" disabled={busy} onClick={() => void retry()}>
            {s.retry}
            <span className="mb-visually-hidden"> {s.order(refund.orderReference)}</span>
          </button>
        </div>
      )}
    </li>
  );
}

function Section({
  title,
  count,
  children,
}: {
  title: ReactNode;
  count?: number;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="ap-refunds__section">
      <h2 id={headingId} className="ap-section-title">
        {title}
        {count === undefined ? '' : ` (${count})`}
      </h2>
      {children}
    </section>
  );
}

function ReturnsSection({ onNotice }: { onNotice: OnNotice }) {
  const returns = useRequestedReturns();
  return (
    <Section title={s.returns} count={returns.data?.length}>
      <ListBody
        query={returns}
        empty={s.noReturns}
        render={(item) => <ReturnCard key={item.orderId} item={item} onNotice={onNotice} />}
      />
    </Section>
  );
}

function RefundsSection({ onNotice }: { onNotice: OnNotice }) {
  const [state, setState] = useState<RefundState>('failed');
  const refunds = useAdminRefunds(state);
  const selectId = useId();
  return (
    <Section title={s.refunds} count={refunds.data?.length}>
      <div className="ap-refunds__filter">
        <label htmlFor={selectId}>{s.stateLabel}</label>
        <select
          id={selectId}
          className="mb-field__control"
          value={state}
          onChange={(event) => setState(event.target.value as RefundState)}
        >
          {REFUND_STATES.map((option) => (
            <option key={option} value={option}>
              {s.states[option]}
            </option>
          ))}
        </select>
      </div>
      <ListBody
        query={refunds}
        empty={s.noRefunds[state]}
        render={(refund) => <RefundCard key={refund.ref} refund={refund} onNotice={onNotice} />}
      />
    </Section>
  );
}

/**
 * `/author-dashboard/refunds` (admins, issue 22): returns waiting for their books, received or
 * rejected with a reason; the refunds by state, a failed one tried again.
 */
export function RefundsPage() {
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <div className="ap-refunds">
      <h1 className="ap-title">{s.title}</h1>
      {notice && (
        <p
          className="ap-banner"
          data-tone={notice.tone}
          role={notice.tone === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      <ReturnsSection onNotice={setNotice} />
      <RefundsSection onNotice={setNotice} />
    </div>
  );
}
