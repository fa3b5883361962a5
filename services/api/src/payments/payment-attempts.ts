import { randomBytes } from 'node:crypto';

/**
 * How many openings of the hosted page one order takes. Every one is kept, so a payment through
 * any page the buyer was given finds its order; past this, the same request opens no new page
 * (a new checkout makes a new order).
 */
export const MAX_PAYMENT_ATTEMPTS = 20;

/**
 * A payment attempt's reference: 128 random bits in base64url (22 characters). Unlike the order's
 * id (an ObjectId: a timestamp and a counter), it cannot be guessed, so a stranger cannot address
 * a payment to somebody else's checkout.
 */
export function newPaymentRef(): string {
  return randomBytes(16).toString('base64url');
}
