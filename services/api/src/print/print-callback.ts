import type { PrintJob } from '@mechabrim/contracts';
import type { FulfilmentTarget, Parcel } from '@mechabrim/db';
import { messagesHe } from '../common/messages.he';

/** What a partner status means for our order. */
export type CallbackReading =
  | { kind: 'move'; target: FulfilmentTarget }
  | { kind: 'attention'; reason: string }
  | { kind: 'none' };

/** Partner statuses before the parcels leave: the order is being printed. */
const IN_PRINT = new Set([
  'CREATED',
  'UNPAID',
  'PAYMENT_IN_PROGRESS',
  'PRODUCTION_READY',
  'PRODUCTION_DELAYED',
  'IN_PRODUCTION',
]);
/** Statuses that end a print job without printing it: an admin must decide (refund, resend). */
const STOPPED = new Set(['REJECTED', 'CANCELED', 'CANCELLED', 'ERROR']);

/**
 * Our reading of a partner status: CREATED … IN_PRODUCTION put the order in processing, SHIPPED
 * ships it, DELIVERED delivers it; REJECTED, CANCELED and ERROR leave its status and ask an admin,
 * with the partner's reason. Anything else is recorded and changes nothing.
 */
export function readCallback(job: PrintJob): CallbackReading {
  const name = job.status.name.toUpperCase();
  if (IN_PRINT.has(name)) return { kind: 'move', target: 'processing' };
  if (name === 'SHIPPED') return { kind: 'move', target: 'shipped' };
  if (name === 'DELIVERED') return { kind: 'move', target: 'delivered' };
  if (STOPPED.has(name)) {
    const messages = job.status.messages ?? {};
    const said = [messages.error, messages.info, messages.reason].find(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    );
    return { kind: 'attention', reason: messagesHe.print.jobStopped(name, said?.slice(0, 500)) };
  }
  return { kind: 'none' };
}

/** Every parcel a callback names: each shipped line's tracking number, carrier and link. */
export function parcelsOf(job: PrintJob): Parcel[] {
  return job.line_items.flatMap((line) => {
    const messages = line.status?.messages;
    const trackingNumber = messages?.tracking_id?.trim();
    if (!trackingNumber) return [];
    return [
      {
        trackingNumber,
        carrier: messages?.carrier_name ?? '',
        url: messages?.tracking_urls?.[0] ?? '',
      },
    ];
  });
}
