/**
 * How an order's status may move once it is paid (spec §4: pending → processing → shipped →
 * delivered; cancelled only from pending or processing). Print callbacks arrive late, twice or out
 * of order, so every writer asks {@link nextOrderStatus} and writes on the condition that the
 * status is still the one it read: a status never moves back and never skips out of `cancelled`.
 */

/** The steps of fulfilment, in order. `paid` is the spec's `pending` for a paid order. */
const RANK: Readonly<Record<string, number>> = {
  pending: 0,
  pending_payment: 0,
  paid: 0,
  processing: 1,
  shipped: 2,
  delivered: 3,
};

/** Statuses an order may be cancelled from (spec §4): placed or paid, not yet shipped. */
export const CANCELLABLE_ORDER_STATUSES = ['pending', 'paid', 'processing'] as const;

/** Where fulfilment may take an order (what a print callback or the handoff asks for). */
export type FulfilmentTarget = 'processing' | 'shipped' | 'delivered' | 'cancelled';

/**
 * The status an order moves to when `target` is asked for, or null when it must stay as it is:
 * the target is not ahead of the current step (a late or repeated callback), the order is off the
 * fulfilment path (cancelled, expired, in payment review, never paid), or a cancellation comes
 * after the parcels left.
 */
export function nextOrderStatus(
  current: string,
  target: FulfilmentTarget,
): FulfilmentTarget | null {
  if (target === 'cancelled') {
    return (CANCELLABLE_ORDER_STATUSES as readonly string[]).includes(current) ? 'cancelled' : null;
  }
  // An order awaiting payment is not anyone's to print yet.
  if (current === 'pending_payment') return null;
  const from = RANK[current];
  const to = RANK[target];
  if (from === undefined || to === undefined) return null;
  return to > from ? target : null;
}

/** Whether the order may go from `current` to `target` (see {@link nextOrderStatus}). */
export const canMoveOrder = (current: string, target: FulfilmentTarget): boolean =>
  nextOrderStatus(current, target) !== null;

/** One parcel the printer sent, as the order keeps it. */
export interface Parcel {
  trackingNumber: string;
  carrier: string;
  url: string;
}

/**
 * The order's parcels after a callback: every parcel already known stays (a later callback that
 * names fewer parcels never drops one), new tracking numbers are added in the order they came,
 * and a known number only gains a carrier or link it lacked.
 */
export function mergeParcels(known: readonly Parcel[], incoming: readonly Parcel[]): Parcel[] {
  const merged = known.map((parcel) => ({ ...parcel }));
  for (const parcel of incoming) {
    const number = parcel.trackingNumber.trim();
    if (!number) continue;
    const same = merged.find((existing) => existing.trackingNumber === number);
    if (same) {
      same.carrier ||= parcel.carrier;
      same.url ||= parcel.url;
    } else {
      merged.push({ trackingNumber: number, carrier: parcel.carrier, url: parcel.url });
    }
  }
  return merged;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Until when the buyer of a delivered order may ask to return books (spec §9: "within 14 days";
 * we count from delivery): `windowDays` after the latest `delivered` step of its status history.
 * Null for an order that is not delivered, or whose history does not say when it was.
 */
export function returnDeadline(
  order: { status?: string | null; statusHistory?: readonly { status: string; at: Date }[] | null },
  windowDays: number,
): Date | null {
  if (order.status !== 'delivered') return null;
  const delivered = (order.statusHistory ?? [])
    .filter((step) => step.status === 'delivered')
    .reduce<Date | null>((latest, step) => (!latest || step.at > latest ? step.at : latest), null);
  return delivered ? new Date(delivered.getTime() + windowDays * DAY_MS) : null;
}
