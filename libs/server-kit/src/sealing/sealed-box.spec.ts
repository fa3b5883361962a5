import { randomBytes } from 'node:crypto';
import { seal, sealingKeyFromBase64, unseal } from './sealed-box';

const key = randomBytes(32);
const details = JSON.stringify({ bankCode: '12', branch: '571', account: '41116' });

describe('sealed box (AES-256-GCM)', () => {
  it('opens what it sealed for the same owner, and holds no plaintext', () => {
    const sealed = seal(key, details, 'author-1');
    expect(unseal(key, sealed, 'author-1')).toBe(details);
    expect(JSON.stringify(sealed)).not.toContain('41116');
    expect(Buffer.from(sealed.data, 'base64').toString('utf8')).not.toContain('41116');
  });

  it('seals the same value differently each time (a fresh nonce)', () => {
    expect(seal(key, details, 'a').data).not.toBe(seal(key, details, 'a').data);
  });

  it('refuses another owner, another key and a changed byte', () => {
    const sealed = seal(key, details, 'author-1');
    expect(() => unseal(key, sealed, 'author-2')).toThrow();
    expect(() => unseal(randomBytes(32), sealed, 'author-1')).toThrow();
    const data = Buffer.from(sealed.data, 'base64');
    data[0] = (data[0] ?? 0) ^ 1;
    expect(() => unseal(key, { ...sealed, data: data.toString('base64') }, 'author-1')).toThrow();
  });

  it('reads a 32-byte base64 key and refuses anything else', () => {
    expect(sealingKeyFromBase64(key.toString('base64')).equals(key)).toBe(true);
    expect(() => sealingKeyFromBase64(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
    expect(() => sealingKeyFromBase64('not base64!')).toThrow(/base64/);
  });
});
