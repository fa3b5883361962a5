import { paymentRefSchema } from '@mechabrim/contracts';
import { newPaymentRef } from './payment-attempts';

describe('newPaymentRef', () => {
  it('is 22 base64url characters, as the contracts take it', () => {
    const ref = newPaymentRef();
    expect(ref).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(paymentRefSchema.safeParse(ref).success).toBe(true);
  });

  it('never repeats across many draws', () => {
    const refs = new Set(Array.from({ length: 2000 }, () => newPaymentRef()));
    expect(refs.size).toBe(2000);
  });
});
