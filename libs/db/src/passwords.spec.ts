import {
  OWASP_PASSWORD_HASH_COST,
  hashPassword,
  passwordHasher,
  verifyPassword,
} from './passwords';

describe('passwordHasher', () => {
  it("hashes with argon2id at OWASP's cost by default", async () => {
    const hash = await hashPassword('Sefer#2024');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'Sefer#2024')).toBe(true);
    expect(await verifyPassword(hash, 'sefer#2024')).toBe(false);
  });

  it('hashes at the cost it is given, and checks hashes made at any cost', async () => {
    const cheap = passwordHasher({ memoryKib: 8, passes: 1 });
    const cheapHash = await cheap.hash('Sefer#2024');
    expect(cheapHash).toMatch(/^\$argon2id\$v=19\$m=8,p=1,t=1\$/);
    // A stored hash names its own cost: each hasher checks the other's.
    const owasp = passwordHasher(OWASP_PASSWORD_HASH_COST);
    expect(await owasp.verify(cheapHash, 'Sefer#2024')).toBe(true);
    expect(await cheap.verify(await owasp.hash('Sefer#2024'), 'Sefer#2024')).toBe(true);
    expect(await cheap.verify(cheapHash, 'wrong')).toBe(false);
  });

  it('answers no, never throws, for a missing or broken hash', async () => {
    const cheap = passwordHasher({ memoryKib: 8, passes: 1 });
    expect(await cheap.verify(undefined, 'Sefer#2024')).toBe(false);
    expect(await cheap.verify(null, 'Sefer#2024')).toBe(false);
    expect(await cheap.verify('not-a-hash', 'Sefer#2024')).toBe(false);
  });
});
