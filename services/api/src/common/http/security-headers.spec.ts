import { DOCS_HELMET_OPTIONS, helmetHeaders, HELMET_OPTIONS } from './security-headers';

describe('helmetHeaders', () => {
  it('gives JSON answers a CSP that loads nothing and forbids framing', () => {
    const headers = helmetHeaders(HELMET_OPTIONS);
    expect(headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'strict-transport-security': expect.stringMatching(/max-age=/),
      'cross-origin-resource-policy': 'cross-origin',
      'referrer-policy': 'no-referrer',
    });
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('lets the OpenAPI UI run its inline script and styles, and nothing from elsewhere', () => {
    const csp = helmetHeaders(DOCS_HELMET_OPTIONS)['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' 'unsafe-inline'/);
    expect(csp).toMatch(/default-src 'self'/);
  });
});
