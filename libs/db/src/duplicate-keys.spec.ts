import { isDuplicateKeyError, onlyDuplicateKeys } from './duplicate-keys';

describe('duplicate keys', () => {
  it('tells a unique-index error from any other', () => {
    expect(isDuplicateKeyError({ code: 11000 })).toBe(true);
    expect(isDuplicateKeyError({ code: 112 })).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
    expect(isDuplicateKeyError('E11000')).toBe(false);
  });

  it('lets a bulk write go on only when every failed row was there already', () => {
    expect(
      onlyDuplicateKeys({ code: 11000, writeErrors: [{ code: 11000 }, { code: 11000 }] }),
    ).toBe(true);
    // The driver's WriteError keeps the server's error under `err`.
    expect(onlyDuplicateKeys({ writeErrors: [{ err: { code: 11000 } }] })).toBe(true);
    expect(onlyDuplicateKeys({ code: 11000, writeErrors: { code: 11000 } })).toBe(true);
    expect(onlyDuplicateKeys({ code: 11000, writeErrors: [{ code: 11000 }, { code: 121 }] })).toBe(
      false,
    );
    expect(onlyDuplicateKeys({ code: 11000 })).toBe(true);
    expect(onlyDuplicateKeys(new Error('connection reset'))).toBe(false);
  });
});
