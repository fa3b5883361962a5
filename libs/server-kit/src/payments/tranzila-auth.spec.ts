import { createHmac } from 'node:crypto';
import { tranzilaAuthHeaders, tranzilaNonce } from './tranzila-auth';

describe("Tranzila's API headers", () => {
  it('signs the app key with HMAC-SHA256 keyed by secret + request time + nonce', () => {
    const headers = tranzilaAuthHeaders(
      'app-key',
      'secret',
      new Date('2026-11-23T10:00:00.900Z'),
      'n'.repeat(80),
    );
    expect(headers['X-tranzila-api-app-key']).toBe('app-key');
    expect(headers['X-tranzila-api-request-time']).toBe('1795428000');
    expect(headers['X-tranzila-api-nonce']).toBe('n'.repeat(80));
    expect(headers['X-tranzila-api-access-token']).toBe(
      createHmac('sha256', `secret1795428000${'n'.repeat(80)}`)
        .update('app-key')
        .digest('hex'),
    );
  });

  it('makes a fresh nonce of 40 random bytes in hex each time, as the guide documents', () => {
    const a = tranzilaNonce();
    expect(a).toMatch(/^[0-9a-f]{80}$/);
    expect(tranzilaNonce()).not.toBe(a);
  });
});
