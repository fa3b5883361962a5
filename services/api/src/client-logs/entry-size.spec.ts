import { DomainError } from '../common/errors/domain-error';
import { assertEntrySizes, CLIENT_LOG_ENTRY_MAX_BYTES } from './entry-size';

const entry = (bytes: number) => ({
  timestamp: '2026-01-01T00:00:00.000Z',
  level: 'error',
  message: 'x',
  data: 'a'.repeat(bytes),
});

describe('assertEntrySizes', () => {
  it('accepts entries up to 16 KB', () => {
    expect(() =>
      assertEntrySizes([entry(100), entry(CLIENT_LOG_ENTRY_MAX_BYTES - 200)]),
    ).not.toThrow();
  });

  it('refuses an entry over 16 KB with a 413 naming it, counting UTF-8 bytes', () => {
    let error: unknown;
    try {
      // 9,000 Hebrew letters are 18,000 bytes
      assertEntrySizes([entry(10), { ...entry(0), data: 'א'.repeat(9000) }]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).type).toBe('payload_too_large');
    expect((error as DomainError).message).toContain('מספר 2');
  });
});
