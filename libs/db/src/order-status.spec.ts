import { canMoveOrder, mergeParcels, nextOrderStatus, type FulfilmentTarget } from './order-status';

describe('order status moves only forward', () => {
  it('walks paid → processing → shipped → delivered', () => {
    expect(nextOrderStatus('paid', 'processing')).toBe('processing');
    expect(nextOrderStatus('pending', 'processing')).toBe('processing');
    expect(nextOrderStatus('processing', 'shipped')).toBe('shipped');
    expect(nextOrderStatus('shipped', 'delivered')).toBe('delivered');
  });

  it('may skip a step forward (a shipped callback that overtook the production one)', () => {
    expect(nextOrderStatus('paid', 'shipped')).toBe('shipped');
    expect(nextOrderStatus('processing', 'delivered')).toBe('delivered');
  });

  it('never moves back on a late callback, and a repeated one changes nothing', () => {
    expect(nextOrderStatus('shipped', 'processing')).toBeNull();
    expect(nextOrderStatus('delivered', 'shipped')).toBeNull();
    expect(nextOrderStatus('delivered', 'processing')).toBeNull();
    expect(nextOrderStatus('shipped', 'shipped')).toBeNull();
    expect(nextOrderStatus('processing', 'processing')).toBeNull();
  });

  it('cancels only from pending or processing', () => {
    expect(nextOrderStatus('pending', 'cancelled')).toBe('cancelled');
    expect(nextOrderStatus('paid', 'cancelled')).toBe('cancelled');
    expect(nextOrderStatus('processing', 'cancelled')).toBe('cancelled');
    expect(nextOrderStatus('shipped', 'cancelled')).toBeNull();
    expect(nextOrderStatus('delivered', 'cancelled')).toBeNull();
    expect(nextOrderStatus('cancelled', 'cancelled')).toBeNull();
  });

  it('keeps a cancelled, unpaid, expired or reviewed order off the fulfilment path', () => {
    const targets: FulfilmentTarget[] = ['processing', 'shipped', 'delivered'];
    for (const status of ['cancelled', 'pending_payment', 'expired', 'payment_review', 'odd'])
      for (const target of targets) expect(canMoveOrder(status, target)).toBe(false);
  });

  it('ends at the furthest status whatever order the callbacks arrive in', () => {
    const callbacks: FulfilmentTarget[] = ['processing', 'shipped', 'delivered'];
    const orders = [
      ['delivered', 'processing', 'shipped'],
      ['shipped', 'delivered', 'processing', 'shipped'],
      ['processing', 'processing', 'delivered', 'shipped'],
    ] as FulfilmentTarget[][];
    for (const sequence of [callbacks, ...orders]) {
      let status = 'paid';
      for (const target of sequence) status = nextOrderStatus(status, target) ?? status;
      expect(status).toBe('delivered');
    }
  });
});

describe('tracking numbers of every parcel are kept', () => {
  const parcel = (trackingNumber: string, carrier = '', url = '') => ({
    trackingNumber,
    carrier,
    url,
  });

  it('adds a second parcel beside the first', () => {
    expect(
      mergeParcels([parcel('RR1IL', 'דואר ישראל')], [parcel('RR2IL', 'דואר ישראל')]).map(
        (p) => p.trackingNumber,
      ),
    ).toEqual(['RR1IL', 'RR2IL']);
  });

  it('never drops a parcel a later callback does not name, nor doubles a repeated one', () => {
    const known = [parcel('RR1IL'), parcel('RR2IL')];
    expect(mergeParcels(known, [parcel('RR2IL'), parcel(' RR2IL ')])).toEqual(known);
    expect(mergeParcels(known, [])).toEqual(known);
  });

  it('fills a carrier or link a parcel lacked, and ignores an empty number', () => {
    expect(
      mergeParcels(
        [parcel('RR1IL')],
        [parcel('RR1IL', 'UPS', 'https://t.example/1'), parcel('  ')],
      ),
    ).toEqual([parcel('RR1IL', 'UPS', 'https://t.example/1')]);
  });

  it('does not change the parcels it was given', () => {
    const known = [parcel('RR1IL')];
    mergeParcels(known, [parcel('RR1IL', 'UPS')]);
    expect(known).toEqual([parcel('RR1IL')]);
  });
});
