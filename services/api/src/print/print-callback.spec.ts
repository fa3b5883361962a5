import type { PrintJob } from '@mechabrim/contracts';
import { parcelsOf, readCallback } from './print-callback';

const job = (name: string, extra: Partial<PrintJob> = {}): PrintJob => ({
  id: 1,
  external_id: 'order',
  status: { name },
  line_items: [],
  ...extra,
});

describe('reading a print partner callback', () => {
  it('maps Lulu statuses onto our forward steps', () => {
    for (const name of ['CREATED', 'UNPAID', 'PRODUCTION_DELAYED', 'IN_PRODUCTION'])
      expect(readCallback(job(name))).toEqual({ kind: 'move', target: 'processing' });
    expect(readCallback(job('SHIPPED'))).toEqual({ kind: 'move', target: 'shipped' });
    expect(readCallback(job('DELIVERED'))).toEqual({ kind: 'move', target: 'delivered' });
    expect(readCallback(job('SOMETHING_NEW'))).toEqual({ kind: 'none' });
  });

  it('asks an admin about a rejected or cancelled job, with the partner reason', () => {
    expect(
      readCallback(
        job('REJECTED', { status: { name: 'REJECTED', messages: { error: 'bad PDF' } } }),
      ),
    ).toEqual({ kind: 'attention', reason: 'בית הדפוס עצר את ההדפסה (REJECTED): bad PDF' });
    expect(readCallback(job('CANCELED'))).toEqual({
      kind: 'attention',
      reason: 'בית הדפוס עצר את ההדפסה (CANCELED)',
    });
  });

  it('collects each shipped line as a parcel, skipping lines without a tracking id', () => {
    const shipped = job('SHIPPED', {
      line_items: [
        {
          status: {
            name: 'SHIPPED',
            messages: {
              tracking_id: ' RR1IL ',
              tracking_urls: ['https://t.example/1'],
              carrier_name: 'UPS',
            },
          },
        },
        { status: { name: 'IN_PRODUCTION' } },
        { status: { name: 'SHIPPED', messages: { tracking_id: 'RR2IL' } } },
      ],
    });
    expect(parcelsOf(shipped)).toEqual([
      { trackingNumber: 'RR1IL', carrier: 'UPS', url: 'https://t.example/1' },
      { trackingNumber: 'RR2IL', carrier: '', url: '' },
    ]);
  });
});
