import { PICKUP_STATUS_HE, type BuyerOrder, type OrderLifecycleStatus } from '@mechabrim/contracts';
import { formatDateTime } from '@mechabrim/hebrew';
import { strings } from '../../../strings.he';

const s = strings.orders;

/** The fulfilment steps a buyer follows (issue 10: pending → processing → shipped → delivered). */
const STEPS = ['pending', 'processing', 'shipped', 'delivered'] as const;
type Step = (typeof STEPS)[number];

/** Where an order is on those steps; null for orders off the path (cancelled, expired, review). */
export function stepOf(status: OrderLifecycleStatus): Step | null {
  switch (status) {
    case 'pending_payment':
    case 'paid':
      return 'pending';
    case 'processing':
    case 'shipped':
    case 'delivered':
      return status;
    default:
      return null;
  }
}

/** A step's word: a self-pickup order is ready at the branch, then picked up (not shipped). */
function stepLabel(step: Step, order: BuyerOrder): string {
  if (order.shipping?.method === 'pickup' && (step === 'shipped' || step === 'delivered'))
    return PICKUP_STATUS_HE[step];
  return s.timelineSteps[step];
}

/** Where the order stands on its fulfilment steps, with when it reached each. */
export function Timeline({ order }: { order: BuyerOrder }) {
  const current = stepOf(order.status);
  if (!current) return null;
  const reached = STEPS.indexOf(current);
  const when = new Map(order.timeline.map((entry) => [stepOf(entry.status), entry.at]));
  return (
    <ol className="order-timeline" aria-label={s.timelineTitle}>
      {STEPS.map((step, index) => {
        const state = index < reached ? 'done' : index === reached ? 'current' : 'ahead';
        const at = when.get(step);
        return (
          <li key={step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="order-timeline__dot" aria-hidden="true" />
            <span className="order-timeline__label">{stepLabel(step, order)}</span>
            <span className="mb-visually-hidden">
              {' — '}
              {state === 'done' ? s.stepDone : state === 'current' ? s.stepCurrent : s.stepAhead}
            </span>
            {at && state !== 'ahead' && (
              <time className="order-timeline__at" dateTime={at}>
                {formatDateTime(at)}
              </time>
            )}
          </li>
        );
      })}
    </ol>
  );
}
