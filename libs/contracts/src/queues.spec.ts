import { clientLogsJobSchema, QUEUE_NAMES } from './queues';

describe('client-logs job payload', () => {
  const entry = {
    key: 'f'.repeat(64),
    timestamp: '2026-01-01T10:00:00Z',
    level: 'error',
    message: 'x',
  };

  it('accepts what the API enqueues', () => {
    expect(QUEUE_NAMES.clientLogs).toBe('client-logs');
    expect(
      clientLogsJobSchema.safeParse({
        receivedAt: '2026-01-01T10:00:01Z',
        ip: '127.0.0.1',
        entries: [entry],
      }).success,
    ).toBe(true);
  });

  it('rejects entries without a content key, empty batches and unknown fields', () => {
    const base = { receivedAt: '2026-01-01T10:00:01Z' };
    expect(
      clientLogsJobSchema.safeParse({ ...base, entries: [{ ...entry, key: 'short' }] }).success,
    ).toBe(false);
    expect(clientLogsJobSchema.safeParse({ ...base, entries: [] }).success).toBe(false);
    expect(clientLogsJobSchema.safeParse({ ...base, entries: [entry], extra: 1 }).success).toBe(
      false,
    );
  });
});
