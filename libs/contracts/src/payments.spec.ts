import {
  buyerDetailsSchema,
  israeliMobileSchema,
  israeliZipSchema,
  paymentCreateRequestSchema,
} from './payments';
import { mailJobSchema } from './mail-jobs';
import { ORDER_JOB_SCHEMAS, ORDER_QUEUE_NAME_LIST } from './queues';

const buyer = {
  first_name: 'דנה',
  last_name: 'לוי',
  phone: '0501234567',
  email: 'Dana@Example.com',
  address: 'הרצל 12',
  city: 'תל אביב',
  zip: '61000 00',
};

describe('buyer details', () => {
  it('normalises the mobile number, the zip and the e-mail', () => {
    expect(buyerDetailsSchema.parse(buyer)).toEqual({
      ...buyer,
      phone: '050-1234567',
      email: 'dana@example.com',
      zip: '6100000',
      country: 'ישראל',
    });
  });

  it('accepts 05X-XXXXXXX typed with dashes or spaces, refuses landlines and short numbers', () => {
    expect(israeliMobileSchema.parse('052 123 4567')).toBe('052-1234567');
    expect(israeliMobileSchema.safeParse('03-1234567').success).toBe(false);
    expect(israeliMobileSchema.safeParse('050123456').success).toBe(false);
  });

  it('requires a 7-digit zip', () => {
    expect(israeliZipSchema.safeParse('123456').success).toBe(false);
    expect(israeliZipSchema.safeParse('12345678').success).toBe(false);
  });

  it('says what is missing in Hebrew', () => {
    const result = buyerDetailsSchema.safeParse({ ...buyer, first_name: ' ', phone: '1' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain('שם פרטי הוא שדה חובה');
    expect(messages.some((m) => m.includes('נייד'))).toBe(true);
  });
});

describe('payment create request', () => {
  const request = {
    items: [{ id: 'a'.repeat(24), quantity: 1 }],
    client: buyer,
    shipping_method: 'standard',
    shipping_region: 'israel-centre',
  };

  it('accepts the spec §3 fields it ignores (prices, amount) beside what it reads', () => {
    expect(
      paymentCreateRequestSchema.safeParse({
        ...request,
        amount: 10,
        currency: 'ILS',
        items: [{ id: 'a'.repeat(24), quantity: 1, price: 1, total: 1, type: 'I', name: 'x' }],
      }).success,
    ).toBe(true);
  });

  it('refuses an empty cart, a zero quantity and an unknown shipping method', () => {
    expect(paymentCreateRequestSchema.safeParse({ ...request, items: [] }).success).toBe(false);
    expect(
      paymentCreateRequestSchema.safeParse({
        ...request,
        items: [{ id: 'a'.repeat(24), quantity: 0 }],
      }).success,
    ).toBe(false);
    expect(
      paymentCreateRequestSchema.safeParse({ ...request, shipping_method: 'drone' }).success,
    ).toBe(false);
  });
});

describe('order job payloads', () => {
  const orderId = 'b'.repeat(24);

  it('has a schema for every order queue', () => {
    expect(Object.keys(ORDER_JOB_SCHEMAS).sort()).toEqual([...ORDER_QUEUE_NAME_LIST].sort());
  });

  it('accepts what the outbox writes and refuses extra fields', () => {
    expect(
      ORDER_JOB_SCHEMAS['order-splits'].safeParse({ orderId, paidAt: '2026-11-23T10:00:00Z' })
        .success,
    ).toBe(true);
    expect(ORDER_JOB_SCHEMAS['print-jobs'].safeParse({ orderId, amount: 1 }).success).toBe(false);
    expect(
      mailJobSchema.safeParse({ template: 'order-confirmation', to: 'a@b.co', orderId }).success,
    ).toBe(true);
    expect(mailJobSchema.safeParse({ template: 'other', to: 'a@b.co', orderId }).success).toBe(
      false,
    );
  });
});
