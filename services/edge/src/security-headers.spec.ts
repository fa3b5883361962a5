import { createHash } from 'node:crypto';
import {
  allowedCorsOrigin,
  contentSecurityPolicy,
  inlineScriptHashes,
  parseOriginList,
} from './security-headers';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The directives of a policy by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('inline script hashes', () => {
  it('hashes the scripts the browser runs inline, and only those', () => {
    const early = 'window.__early=1;';
    const moduleScript = 'import("/x.js")';
    const html =
      `<head><script>${early}</script><script type="module">${moduleScript}</script>` +
      '<script defer src="/main.js"></script><script type="application/json" id="s">{"a":1}</script>' +
      '<script data-after-paint="/main.js"></script></head>';
    expect(inlineScriptHashes(html).sort()).toEqual([sha256(early), sha256(moduleScript)].sort());
  });

  it('gives one hash for a script that appears twice', () => {
    expect(inlineScriptHashes('<script>a()</script><script>a()</script>')).toEqual([sha256('a()')]);
  });
});

describe('content security policy', () => {
  const runtimeConfig = {
    apiBaseUrl: 'https://api.mechabrim.co.il',
    remotes: {
      storefront: 'https://store.cdn.example/mf-manifest.json',
      checkout: 'https://checkout.cdn.example/v2/mf-manifest.json',
      authorPortal: 'https://authors.mechabrim.co.il/mf-manifest.json',
    },
  };

  it('lets the page load the remotes, call the API, frame the payment page and nothing else', () => {
    const policy = directives(
      contentSecurityPolicy({
        runtimeConfig,
        inlineScriptHashes: ["'sha256-abc'"],
        paymentFrameOrigins: ['https://direct.tranzila.com'],
      }),
    );
    const remotes = [
      'https://store.cdn.example',
      'https://checkout.cdn.example',
      'https://authors.mechabrim.co.il',
    ];
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", ...remotes, "'sha256-abc'"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://api.mechabrim.co.il',
      ...remotes,
    ]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'", ...remotes]);
    expect(policy.get('font-src')).toEqual(["'self'", 'data:', ...remotes]);
    expect(policy.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'https:', 'https://api.mechabrim.co.il']),
    );
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://direct.tranzila.com']);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
  });

  it('names each origin once, and only self without a runtime config', () => {
    const sameOrigin = {
      apiBaseUrl: 'http://127.0.0.1:4200',
      remotes: {
        storefront: 'http://127.0.0.1:4201/mf-manifest.json',
        checkout: 'http://127.0.0.1:4201/checkout/mf-manifest.json',
        authorPortal: 'http://127.0.0.1:4203/mf-manifest.json',
      },
    };
    const policy = directives(
      contentSecurityPolicy({
        runtimeConfig: sameOrigin,
        inlineScriptHashes: [],
        paymentFrameOrigins: ['http://localhost:4300'],
      }),
    );
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'http://127.0.0.1:4201',
      'http://127.0.0.1:4203',
    ]);
    expect(policy.get('frame-src')).toEqual(["'self'", 'http://localhost:4300']);
    const bare = directives(
      contentSecurityPolicy({
        runtimeConfig: null,
        inlineScriptHashes: [],
        paymentFrameOrigins: [],
      }),
    );
    expect(bare.get('script-src')).toEqual(["'self'"]);
    expect(bare.get('connect-src')).toEqual(["'self'"]);
  });
});

describe('CORS for front-end origins', () => {
  it('admits a page on the same host name, whatever its port', () => {
    expect(allowedCorsOrigin('http://127.0.0.1:4200', '127.0.0.1', [])).toBe(
      'http://127.0.0.1:4200',
    );
    expect(allowedCorsOrigin('http://192.168.1.20:4200', '192.168.1.20', [])).toBe(
      'http://192.168.1.20:4200',
    );
  });

  it('admits the shell on the parent domain of a remote’s subdomain, not a sibling or a child', () => {
    expect(allowedCorsOrigin('https://mechabrim.co.il', 'storefront.mechabrim.co.il', [])).toBe(
      'https://mechabrim.co.il',
    );
    expect(
      allowedCorsOrigin('https://checkout.mechabrim.co.il', 'storefront.mechabrim.co.il', []),
    ).toBeNull();
    expect(allowedCorsOrigin('https://a.storefront.example', 'storefront.example', [])).toBeNull();
    expect(allowedCorsOrigin('https://il', 'mechabrim.il', [])).toBeNull();
    expect(allowedCorsOrigin('https://evilmechabrim.co.il', 'mechabrim.co.il', [])).toBeNull();
  });

  it('admits the configured origins and no other', () => {
    const configured = ['https://mechabrim.co.il'];
    expect(allowedCorsOrigin('https://mechabrim.co.il', 'cdn.example', configured)).toBe(
      'https://mechabrim.co.il',
    );
    expect(allowedCorsOrigin('https://evil.example', 'cdn.example', configured)).toBeNull();
    expect(allowedCorsOrigin('null', 'cdn.example', configured)).toBeNull();
    expect(allowedCorsOrigin(undefined, 'cdn.example', configured)).toBeNull();
  });
});

describe('origin lists', () => {
  it('reads comma-separated origins and names the variable holding a bad one', () => {
    expect(
      parseOriginList(
        'https://direct.tranzila.com, http://localhost:4300/',
        'PAYMENT_FRAME_ORIGINS',
      ),
    ).toEqual(['https://direct.tranzila.com', 'http://localhost:4300']);
    expect(parseOriginList(undefined, 'X')).toEqual([]);
    expect(() => parseOriginList('direct.tranzila.com', 'PAYMENT_FRAME_ORIGINS')).toThrow(
      /PAYMENT_FRAME_ORIGINS/,
    );
  });
});
