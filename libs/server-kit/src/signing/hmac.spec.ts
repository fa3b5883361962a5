import crypto, { createHmac } from 'node:crypto';
import { hmacSha256Hex, verifyHmacSha256 } from './hmac';

const SECRET = 'print-callback-secret';
const BODY = '{"topic":"PRINT_JOB_STATUS_CHANGED","data":{"id":7,"external_id":"order"}}';

describe('HMAC-SHA256 over the raw body', () => {
  it('matches the standard HMAC-SHA256 in hex', () => {
    expect(hmacSha256Hex(BODY, SECRET)).toBe(
      createHmac('sha256', SECRET).update(BODY).digest('hex'),
    );
  });

  it('accepts the right signature, in either case, for a string or a Buffer body', () => {
    const signature = hmacSha256Hex(BODY, SECRET);
    expect(verifyHmacSha256(BODY, signature, SECRET)).toBe(true);
    expect(verifyHmacSha256(Buffer.from(BODY), signature.toUpperCase(), SECRET)).toBe(true);
  });

  it('refuses another body, another secret, and a body re-serialised with other spacing', () => {
    const signature = hmacSha256Hex(BODY, SECRET);
    expect(verifyHmacSha256(BODY.replace('7', '8'), signature, SECRET)).toBe(false);
    expect(verifyHmacSha256(BODY, signature, 'another-secret')).toBe(false);
    expect(verifyHmacSha256(JSON.stringify(JSON.parse(BODY), null, 1), signature, SECRET)).toBe(
      false,
    );
  });

  it('refuses a missing, repeated, malformed or truncated header, and an empty secret', () => {
    const signature = hmacSha256Hex(BODY, SECRET);
    for (const header of [undefined, [signature, signature], '', 'zz', signature.slice(0, 63)])
      expect(verifyHmacSha256(BODY, header, SECRET)).toBe(false);
    expect(verifyHmacSha256(BODY, hmacSha256Hex(BODY, ''), '')).toBe(false);
  });

  it('compares the digests in constant time', () => {
    const spy = jest.spyOn(crypto, 'timingSafeEqual');
    try {
      verifyHmacSha256(BODY, '0'.repeat(64), SECRET);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});
