import {
  OUTBOX_JOB_OPTIONS,
  OUTBOX_JOB_SCHEMAS,
  OUTBOX_QUEUE_NAME_LIST,
  outboxJob,
  outboxJobId,
} from './outbox-jobs';
import { ORDER_JOB_NAME, PRINT_BACKOFF_TYPE, bookSalesDeduplication } from './queues';

const rowId = '0123456789abcdef01234567';
const orderId = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const bookId = 'bbbbbbbbbbbbbbbbbbbbbbbb';

describe('an outbox row’s BullMQ job', () => {
  it('knows a payload schema for every queue a row can name, book-sales among them', () => {
    expect(Object.keys(OUTBOX_JOB_SCHEMAS).sort()).toEqual([...OUTBOX_QUEUE_NAME_LIST].sort());
    expect(OUTBOX_QUEUE_NAME_LIST).toContain('book-sales');
  });

  it('gives an order queue’s job the row’s id, so a second hand-over of the row is a no-op', () => {
    expect(
      outboxJob({ id: rowId, type: 'receipts', payload: { orderId } }, { salesCountDelayMs: 5000 }),
    ).toEqual({
      ok: true,
      job: {
        name: ORDER_JOB_NAME,
        data: { orderId },
        opts: { ...OUTBOX_JOB_OPTIONS, jobId: outboxJobId(rowId) },
      },
    });
    const print = outboxJob(
      { id: rowId, type: 'print-jobs', payload: { orderId } },
      { salesCountDelayMs: 0 },
    );
    expect(print.ok && print.job.opts).toMatchObject({ backoff: { type: PRINT_BACKOFF_TYPE } });
  });

  it('deduplicates a book-sales count per book and lets it wait for more sales', () => {
    const built = outboxJob(
      { id: rowId, type: 'book-sales', payload: { bookId } },
      { salesCountDelayMs: 5000 },
    );
    expect(built).toMatchObject({
      ok: true,
      job: {
        data: { bookId },
        opts: { delay: 5000, deduplication: bookSalesDeduplication(bookId) },
      },
    });
    expect(built.ok && 'jobId' in built.job.opts).toBe(false);
  });

  it('refuses a payload its queue’s schema refuses, naming why', () => {
    const built = outboxJob(
      { id: rowId, type: 'book-sales', payload: { bookId, orderId } },
      { salesCountDelayMs: 0 },
    );
    expect(built).toEqual({ ok: false, error: expect.stringMatching(/orderId/) });
    expect(
      outboxJob(
        { id: rowId, type: 'mail', payload: { template: 'nope' } },
        { salesCountDelayMs: 0 },
      ).ok,
    ).toBe(false);
  });
});
