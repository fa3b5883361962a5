import { clientLogKey } from './client-logs.service';

describe('clientLogKey', () => {
  const entry = {
    timestamp: '2026-01-01T10:00:00.000Z',
    level: 'error' as const,
    message: 'נפל',
    url: '/cart',
  };

  it('gives the same entry the same key, so a re-sent entry is stored once', () => {
    expect(clientLogKey({ ...entry })).toBe(clientLogKey({ ...entry }));
    expect(clientLogKey(entry)).toMatch(/^[a-f0-9]{64}$/);
  });

  it('gives different entries different keys', () => {
    expect(clientLogKey(entry)).not.toBe(clientLogKey({ ...entry, message: 'אחר' }));
    expect(clientLogKey(entry)).not.toBe(clientLogKey({ ...entry, sessionId: 's2' }));
    expect(clientLogKey(entry)).not.toBe(clientLogKey({ ...entry, data: { step: 2 } }));
  });
});
