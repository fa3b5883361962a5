import { paymentFrameMessageSchema, type PaymentFrameMessage } from '@mechabrim/contracts';

/** The parts of a `message` event the checkout looks at. */
export interface FrameMessageEvent {
  origin: string;
  source: unknown;
  data: unknown;
}

/**
 * The payment frame's message, if `event` is one: sent from the origin the result pages are
 * served from (our own store: the provider's page redirects the frame to
 * `/payment/iframe/success|failed`), by the frame itself, and shaped as the contract says.
 * Anything else — another origin, another window, a malformed or unknown message — is ignored:
 * the spec's pages accepted any sender, which would let any page that frames or opens the store
 * declare a payment successful.
 */
export function acceptFrameMessage(
  event: FrameMessageEvent,
  expected: { origin: string; frame: unknown },
): PaymentFrameMessage | null {
  if (event.origin !== expected.origin) return null;
  if (expected.frame === null || event.source !== expected.frame) return null;
  const parsed = paymentFrameMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}
