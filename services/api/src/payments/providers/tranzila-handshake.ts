import { withinDeadline } from '@mechabrim/contracts';

/** What the handshake is asked with: the terminal, its password and the sum to lock. */
export interface HandshakeRequest {
  supplier: string;
  password: string;
  /** Shekels with two decimals, exactly as the hosted page will be given it. */
  sum: string;
}

/**
 * Tranzila's handshake (the amount lock): a server-side form post of `supplier`, `TranzilaPW`,
 * `sum`, `currency` 1 and `op=1` to `tranzila71dt.cgi`, answered with URL-encoded fields holding
 * `thtk`. The hosted page opened with that token (and `new_process=1`) charges only that sum.
 * Throws on anything but a token (the caller answers "payments unavailable"). The simulator
 * answers the same request at the same path.
 */
export async function requestHandshake(
  url: string,
  request: HandshakeRequest,
  timeoutMs: number,
): Promise<string> {
  return withinDeadline(timeoutMs, async (signal) => {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        supplier: request.supplier,
        TranzilaPW: request.password,
        sum: request.sum,
        currency: '1',
        op: '1',
      }),
      signal,
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`the handshake answered ${answer.status}`);
    const token = new URLSearchParams(text.trim()).get('thtk');
    if (!token || !/^[A-Za-z0-9_-]{8,200}$/.test(token)) {
      throw new Error('the handshake answered without a token');
    }
    return token;
  });
}
