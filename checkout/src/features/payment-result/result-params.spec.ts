import { failureMessage, readResultParams, tellCheckout } from './result-params';

describe('payment return parameters', () => {
  it('reads every alternate name the spec lists', () => {
    expect(
      readResultParams(
        '?tranzila_id=77&orderId=o1&sum=49.90&tranzila_error=DECLINED&tranzila_message=%D7%A0%D7%93%D7%97%D7%94',
      ),
    ).toEqual({
      transactionId: '77',
      orderId: 'o1',
      amount: 49.9,
      currency: null,
      errorCode: 'DECLINED',
      errorMessage: 'נדחה',
    });
    expect(readResultParams('?id=9&order_id=o2&amount=10&currency=ILS&error_code=X')).toMatchObject(
      {
        transactionId: '9',
        orderId: 'o2',
        amount: 10,
        currency: 'ILS',
        errorCode: 'X',
      },
    );
    expect(readResultParams('?transaction_id=&amount=ten')).toMatchObject({
      transactionId: null,
      amount: null,
    });
  });

  it('prefers the provider’s message, then the code’s text, then an unknown failure', () => {
    expect(failureMessage({ errorCode: 'DECLINED', errorMessage: 'הבנק סירב' })).toBe('הבנק סירב');
    expect(failureMessage({ errorCode: 'INSUFFICIENT_FUNDS', errorMessage: null })).toBe(
      'אין מספיק יתרה בכרטיס',
    );
    expect(failureMessage({ errorCode: 'EXPIRED_CARD', errorMessage: null })).toBe(
      'תוקף הכרטיס פג',
    );
    expect(failureMessage({ errorCode: 'INVALID_CARD', errorMessage: null })).toBe(
      'הכרטיס אינו תקין',
    );
    expect(failureMessage({ errorCode: 'BLOCKED_CARD', errorMessage: null })).toBe('הכרטיס חסום');
    expect(failureMessage({ errorCode: 'DECLINED', errorMessage: null })).toBe(
      'הכרטיס נדחה על ידי הבנק',
    );
    expect(failureMessage({ errorCode: '999', errorMessage: null })).toBe(
      'התשלום נכשל מסיבה לא ידועה',
    );
    expect(failureMessage({ errorCode: null, errorMessage: null })).toBe(
      'התשלום נכשל מסיבה לא ידועה',
    );
  });

  it('posts to the parent with our own origin as the target, and not at all outside a frame', () => {
    const posted: Array<[unknown, string]> = [];
    const parent = {
      postMessage: (message: unknown, origin: string) => posted.push([message, origin]),
    };
    const framed = { parent, location: { origin: 'https://shop.example' } } as unknown as Window;
    expect(tellCheckout({ type: 'CLOSE_IFRAME' }, framed)).toBe(true);
    expect(posted).toEqual([[{ type: 'CLOSE_IFRAME' }, 'https://shop.example']]);
    const top = { location: { origin: 'https://shop.example' } } as unknown as Window & {
      parent: unknown;
    };
    top.parent = top;
    expect(tellCheckout({ type: 'RETRY_PAYMENT' }, top)).toBe(false);
    expect(posted).toHaveLength(1);
  });
});
