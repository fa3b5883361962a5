// The module object itself (not named bindings), so a test can watch the constant-time compare.
import crypto from 'node:crypto';

/** HMAC-SHA256 of a raw body, hex: how our simulators and Lulu sign their callbacks. */
export function hmacSha256Hex(rawBody: Buffer | string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * Whether `signature` (hex, as the header carries it) is the HMAC-SHA256 of the raw body under
 * `secret`. The body is checked exactly as it arrived (never re-serialised JSON), and the digests
 * are compared in constant time, so the answer's timing tells an attacker nothing about how much
 * of a forged signature was right. A missing, malformed or wrong-length header is simply false.
 */
export function verifyHmacSha256(
  rawBody: Buffer | string,
  signature: string | string[] | undefined,
  secret: string,
): boolean {
  if (typeof signature !== 'string' || !secret) return false;
  const hex = signature.trim();
  if (!/^[a-f\d]{64}$/i.test(hex)) return false;
  const expected = crypto.createHmac('sha256', secret).update(rawBody).digest();
  return crypto.timingSafeEqual(Buffer.from(hex, 'hex'), expected);
}
