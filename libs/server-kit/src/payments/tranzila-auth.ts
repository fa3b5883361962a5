import { createHmac, randomBytes } from 'node:crypto';

/** Headers of Tranzila's API (`X-tranzila-api-*`) for one request. */
export interface TranzilaAuthHeaders {
  'X-tranzila-api-app-key': string;
  'X-tranzila-api-request-time': string;
  'X-tranzila-api-nonce': string;
  'X-tranzila-api-access-token': string;
}

/**
 * A fresh nonce per request: 40 random bytes as 80 lowercase hex characters, as Tranzila's
 * authentication guide documents it (`bin2hex(random_bytes(40))`,
 * https://docs.tranzila.com/docs/payments-and-billing/authentication).
 */
export function tranzilaNonce(): string {
  return randomBytes(40).toString('hex');
}

/**
 * Tranzila's API authentication (same guide): the request time in whole Unix seconds; the access
 * token is HMAC-SHA256 (hex) of the app key, keyed with
 * the secret followed by the request time (Unix seconds) and the nonce.
 */
export function tranzilaAuthHeaders(
  appKey: string,
  secret: string,
  now: Date = new Date(),
  nonce: string = tranzilaNonce(),
): TranzilaAuthHeaders {
  const requestTime = String(Math.floor(now.getTime() / 1000));
  const accessToken = createHmac('sha256', secret + requestTime + nonce)
    .update(appKey)
    .digest('hex');
  return {
    'X-tranzila-api-app-key': appKey,
    'X-tranzila-api-request-time': requestTime,
    'X-tranzila-api-nonce': nonce,
    'X-tranzila-api-access-token': accessToken,
  };
}
