import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertStorageKey } from './storage.port';

/**
 * Addresses of stored files that work without a session for a while: the print partner downloads
 * a book's interior and cover from such an address after we hand it the job (Lulu's
 * `printable_normalization.*.source_url`). The address names the file, when it stops working and
 * an HMAC-SHA256 over both, keyed with a secret only the worker (which signs) and the API (which
 * checks) know; changing any part of it breaks the signature.
 */
function hmac(key: string, expires: number, secret: string): string {
  return createHmac('sha256', secret).update(`${key}\n${expires}`).digest('hex');
}

/** `<baseUrl>/<key>?expires=…&signature=…`, each key segment escaped. */
export function signFileUrl(baseUrl: string, key: string, secret: string, expiresAt: Date): string {
  assertStorageKey(key);
  if (secret === '') throw new Error('a file address cannot be signed without a secret');
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const path = key.split('/').map(encodeURIComponent).join('/');
  const query = new URLSearchParams({
    expires: String(expires),
    signature: hmac(key, expires, secret),
  });
  return `${baseUrl.replace(/\/+$/, '')}/${path}?${query.toString()}`;
}

export type FileSignatureCheck = 'valid' | 'expired' | 'invalid';

/**
 * Whether a request's `expires` and `signature` were made for `key` with `secret` and still hold.
 * An empty secret accepts nothing.
 */
export function checkFileSignature(
  key: string,
  expires: unknown,
  signature: unknown,
  secret: string,
  now: Date = new Date(),
): FileSignatureCheck {
  if (secret === '' || typeof expires !== 'string' || typeof signature !== 'string') {
    return 'invalid';
  }
  if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
  const expected = Buffer.from(hmac(key, Number(expires), secret), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
  return Number(expires) * 1000 < now.getTime() ? 'expired' : 'valid';
}
