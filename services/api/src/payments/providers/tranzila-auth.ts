import { createHmac, randomBytes } from 'node:crypto';

/** Headers of Tranzila's API (`X-tranzila-api-*`) for one request. */
export interface TranzilaAuthHeaders {
  'X-tranzila-api-app-key': string;
  'X-tranzila-api-request-time': string;
  'X-tranzila-api-nonce': string;
  'X-tranzila-api-access-token': string;
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An 80-character alphanumeric nonce, as Tranzila's examples send. */
export function tranzilaNonce(): string {
  const bytes = randomBytes(80);
  let nonce = '';
  for (const byte of bytes) nonce += NONCE_ALPHABET[byte % NONCE_ALPHABET.length] ?? 'A';
  return nonce;
}

/**
 * Tranzila's API authentication: the access token is HMAC-SHA256 (hex) of the app key, keyed with
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
