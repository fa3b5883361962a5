import { acceptFrameMessage } from './frame-messages';

describe('acceptFrameMessage', () => {
  const frame = { name: 'the payment frame' };
  const expected = { origin: 'https://shop.example', frame };
  const success = { type: 'PAYMENT_SUCCESS', transactionId: 'T-1', orderId: 'o1' };

  it('accepts a well-formed message from the frame on our own origin', () => {
    expect(
      acceptFrameMessage({ origin: expected.origin, source: frame, data: success }, expected),
    ).toEqual(success);
    expect(
      acceptFrameMessage(
        { origin: expected.origin, source: frame, data: { type: 'RETRY_PAYMENT' } },
        expected,
      ),
    ).toEqual({ type: 'RETRY_PAYMENT' });
    expect(
      acceptFrameMessage(
        { origin: expected.origin, source: frame, data: { type: 'FRAME_HEIGHT', height: 480 } },
        expected,
      ),
    ).toEqual({ type: 'FRAME_HEIGHT', height: 480 });
  });

  it('ignores a height that is no size of a page', () => {
    for (const height of [0, -5, 1.5, 10_001, '480']) {
      expect(
        acceptFrameMessage(
          { origin: expected.origin, source: frame, data: { type: 'FRAME_HEIGHT', height } },
          expected,
        ),
      ).toBeNull();
    }
  });

  it('ignores another origin, even with the right shape', () => {
    for (const origin of [
      'https://evil.example',
      'http://shop.example',
      'https://shop.example:8443',
      'null',
    ]) {
      expect(acceptFrameMessage({ origin, source: frame, data: success }, expected)).toBeNull();
    }
  });

  it('ignores a message from another window of our origin, or when no frame is open', () => {
    expect(
      acceptFrameMessage({ origin: expected.origin, source: {}, data: success }, expected),
    ).toBeNull();
    expect(
      acceptFrameMessage(
        { origin: expected.origin, source: null, data: success },
        { origin: expected.origin, frame: null },
      ),
    ).toBeNull();
  });

  it('ignores unknown or malformed messages', () => {
    for (const data of [
      'PAYMENT_SUCCESS',
      { type: 'PAYMENT_SUCCESS' },
      { type: 'PAYMENT_SUCCESS', transactionId: 'T', orderId: 'o', amount: 1 },
      { type: 'PAY_ME' },
      null,
    ]) {
      expect(
        acceptFrameMessage({ origin: expected.origin, source: frame, data }, expected),
      ).toBeNull();
    }
  });
});
