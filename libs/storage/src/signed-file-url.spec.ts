import { checkFileSignature, signFileUrl } from './signed-file-url';

const SECRET = 'file-url-test-secret';
const KEY = 'books/65f0c0ffee0000000000abcd/interior.pdf';
const NOW = new Date('2026-11-26T12:00:00Z');
const LATER = new Date('2026-12-10T12:00:00Z');

function parts(url: string) {
  const parsed = new URL(url);
  return {
    key: parsed.pathname.replace(/^\/api\/print\/files\//, ''),
    expires: parsed.searchParams.get('expires') ?? undefined,
    signature: parsed.searchParams.get('signature') ?? undefined,
  };
}

describe('signed file addresses', () => {
  const url = signFileUrl('https://api.example/api/print/files/', KEY, SECRET, LATER);

  it('names the file under the base and says until when it works', () => {
    expect(url).toMatch(
      /^https:\/\/api\.example\/api\/print\/files\/books\/65f0c0ffee0000000000abcd\/interior\.pdf\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    const { key, expires, signature } = parts(url);
    expect(key).toBe(KEY);
    expect(Number(expires)).toBe(LATER.getTime() / 1000);
    expect(checkFileSignature(key, expires, signature, SECRET, NOW)).toBe('valid');
  });

  it('stops working once expired', () => {
    const { key, expires, signature } = parts(url);
    expect(
      checkFileSignature(key, expires, signature, SECRET, new Date(LATER.getTime() + 1000)),
    ).toBe('expired');
  });

  it('refuses another file, another expiry, another secret, a changed or missing signature', () => {
    const { key, expires, signature } = parts(url);
    expect(
      checkFileSignature(
        'books/65f0c0ffee0000000000abcd/cover.pdf',
        expires,
        signature,
        SECRET,
        NOW,
      ),
    ).toBe('invalid');
    expect(checkFileSignature(key, String(Number(expires) + 3600), signature, SECRET, NOW)).toBe(
      'invalid',
    );
    expect(checkFileSignature(key, expires, signature, 'another-secret', NOW)).toBe('invalid');
    const flipped = `${signature?.[0] === 'a' ? 'b' : 'a'}${signature?.slice(1)}`;
    expect(checkFileSignature(key, expires, flipped, SECRET, NOW)).toBe('invalid');
    expect(checkFileSignature(key, expires, undefined, SECRET, NOW)).toBe('invalid');
    expect(checkFileSignature(key, undefined, signature, SECRET, NOW)).toBe('invalid');
    expect(checkFileSignature(key, ['1'], signature, SECRET, NOW)).toBe('invalid');
    expect(checkFileSignature(key, expires, 'zz', SECRET, NOW)).toBe('invalid');
  });

  it('accepts nothing without a secret, and signs nothing without one or with an unsafe key', () => {
    const { key, expires, signature } = parts(url);
    expect(checkFileSignature(key, expires, signature, '', NOW)).toBe('invalid');
    expect(() => signFileUrl('https://api.example', KEY, '', LATER)).toThrow();
    expect(() => signFileUrl('https://api.example', '../etc/passwd', SECRET, LATER)).toThrow();
  });
});
