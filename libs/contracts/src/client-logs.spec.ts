import {
  CLIENT_LOG_BULK_MAX,
  CLIENT_LOG_DATA_MAX_DEPTH,
  clientLogBulkSchema,
  clientLogEntrySchema,
  jsonShapeProblem,
} from './client-logs';
import { VALIDATION_HE } from './validation-messages.he';

const entry = (data: unknown) => ({
  timestamp: '2026-01-01T10:00:00.000Z',
  level: 'error',
  message: 'נפל',
  data,
});

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

describe('client log entry data', () => {
  it('accepts data nested up to 32 levels and refuses deeper data in Hebrew', () => {
    expect(clientLogEntrySchema.safeParse(entry(nested(CLIENT_LOG_DATA_MAX_DEPTH))).success).toBe(
      true,
    );
    const deeper = clientLogEntrySchema.safeParse(entry(nested(CLIENT_LOG_DATA_MAX_DEPTH + 1)));
    expect(deeper.success).toBe(false);
    expect(deeper.error?.issues[0]?.message).toBe(VALIDATION_HE.jsonTooDeep(32));
  });

  it('refuses a NUL character in any key, at any depth', () => {
    const result = clientLogEntrySchema.safeParse(entry({ list: [{ 'a\u0000b': 1 }] }));
    expect(result.error?.issues[0]?.message).toBe(VALIDATION_HE.jsonNulInKey);
    expect(jsonShapeProblem({ value: 'NUL in a value is fine \u0000' }, 32)).toBeUndefined();
  });

  it('walks a hostile depth without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(jsonShapeProblem(deep, CLIENT_LOG_DATA_MAX_DEPTH)).toBe('too_deep');
  });
});

describe('client log bulk', () => {
  it('carries at most 50 entries', () => {
    const logs = Array.from({ length: CLIENT_LOG_BULK_MAX + 1 }, () => entry(null));
    expect(CLIENT_LOG_BULK_MAX).toBe(50);
    expect(clientLogBulkSchema.safeParse({ logs: logs.slice(1) }).success).toBe(true);
    expect(clientLogBulkSchema.safeParse({ logs }).success).toBe(false);
  });
});

describe('client log entry remotes', () => {
  it('takes the version of each remote the page ran, at most ten of them', () => {
    const remotes = { storefront: '3-cccccccccc', checkout: 'own-build' };
    expect(clientLogEntrySchema.parse({ ...entry(undefined), remotes }).remotes).toEqual(remotes);
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`r${i}`, '1-aaaa']));
    const refused = clientLogEntrySchema.safeParse({ ...entry(undefined), remotes: many });
    expect(refused.error?.issues[0]?.message).toBe(VALIDATION_HE.tooManyRemotes);
    expect(clientLogEntrySchema.safeParse({ ...entry(undefined), remotes: ['x'] }).success).toBe(
      false,
    );
  });
});
