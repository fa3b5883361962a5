import { loadEdgeEnvironment } from './edge-config';

describe('edge environment', () => {
  it('defaults: the local API, Tranzila framed, HSTS behind TLS, no proxy trusted', () => {
    expect(loadEdgeEnvironment({})).toEqual({
      apiUpstream: 'http://localhost:3000',
      landingApiUrl: 'http://localhost:3000',
      paymentFrameOrigins: ['https://direct.tranzila.com'],
      corsOrigins: [],
      hsts: 'auto',
      trustProxy: false,
      landingTimeoutMs: 500,
      landingApiTimeoutMs: 1500,
      landingUrl: undefined,
      publicStoreUrl: 'http://localhost:4200/',
    });
  });

  it("writes pages' heads and the sitemap for PUBLIC_STORE_URL, else the shell's port", () => {
    expect(
      loadEdgeEnvironment({ PUBLIC_STORE_URL: 'https://mechabrim.co.il' }).publicStoreUrl,
    ).toBe('https://mechabrim.co.il/');
    expect(
      loadEdgeEnvironment({ PUBLIC_HOST: 'store.test', SHELL_PORT: '8080' }).publicStoreUrl,
    ).toBe('http://store.test:8080/');
  });

  it('takes PUBLIC_STORE_URL only as an absolute http(s) address, naming it otherwise', () => {
    expect(
      loadEdgeEnvironment({ PUBLIC_STORE_URL: 'https://mechabrim.co.il/he//' }).publicStoreUrl,
    ).toBe('https://mechabrim.co.il/he/');
    expect(loadEdgeEnvironment({ PUBLIC_STORE_URL: '' }).publicStoreUrl).toBe(
      'http://localhost:4200/',
    );
    for (const bad of [
      'mechabrim.co.il',
      'ftp://mechabrim.co.il',
      'http:mechabrim.co.il',
      'https://mechabrim .co.il',
      'https://mechabrim.co.il/?utm=1',
      'https://mechabrim.co.il/#top',
      'https://user:pw@mechabrim.co.il',
    ]) {
      expect(() => loadEdgeEnvironment({ PUBLIC_STORE_URL: bad })).toThrow(/^PUBLIC_STORE_URL: /);
    }
    expect(() => loadEdgeEnvironment({ PUBLIC_HOST: 'store host' })).toThrow(/^PUBLIC_HOST: /);
  });

  it('requires PUBLIC_STORE_URL in production, not in development or tests', () => {
    expect(() => loadEdgeEnvironment({ NODE_ENV: 'production' })).toThrow(
      /^PUBLIC_STORE_URL: is required when NODE_ENV=production/,
    );
    expect(() => loadEdgeEnvironment({ NODE_ENV: 'production', PUBLIC_STORE_URL: ' ' })).toThrow(
      /PUBLIC_STORE_URL/,
    );
    expect(
      loadEdgeEnvironment({ NODE_ENV: 'production', PUBLIC_STORE_URL: 'https://mechabrim.co.il' })
        .publicStoreUrl,
    ).toBe('https://mechabrim.co.il/');
    // What the launcher gives its edge servers in development and in test stacks.
    for (const NODE_ENV of ['development', 'test', undefined]) {
      expect(
        loadEdgeEnvironment({ NODE_ENV, PUBLIC_HOST: '127.0.0.1', SHELL_PORT: '4710' })
          .publicStoreUrl,
      ).toBe('http://127.0.0.1:4710/');
    }
  });

  it('follows API_PORT, API_UPSTREAM_URL and LANDING_API_URL', () => {
    expect(loadEdgeEnvironment({ API_PORT: '3300' }).apiUpstream).toBe('http://localhost:3300');
    const env = loadEdgeEnvironment({
      API_UPSTREAM_URL: 'http://api.internal:3000/',
      LANDING_API_URL: 'http://api-ro.internal:3000',
      PAYMENT_FRAME_ORIGINS: 'https://direct.tranzila.com,http://localhost:4300',
      EDGE_CORS_ORIGINS: 'https://mechabrim.co.il',
      EDGE_HSTS: 'always',
      EDGE_TRUST_PROXY: 'true',
      LANDING_TIMEOUT_MS: '800',
      LANDING_API_TIMEOUT_MS: '3000',
    });
    expect(env).toMatchObject({
      apiUpstream: 'http://api.internal:3000',
      landingApiUrl: 'http://api-ro.internal:3000',
      paymentFrameOrigins: ['https://direct.tranzila.com', 'http://localhost:4300'],
      corsOrigins: ['https://mechabrim.co.il'],
      hsts: 'always',
      trustProxy: true,
      landingTimeoutMs: 800,
      landingApiTimeoutMs: 3000,
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadEdgeEnvironment({ LANDING_TIMEOUT_MS: '-5' })).toThrow(/LANDING_TIMEOUT_MS/);
    expect(() => loadEdgeEnvironment({ LANDING_API_TIMEOUT_MS: 'soon' })).toThrow(
      /LANDING_API_TIMEOUT_MS/,
    );
    expect(() => loadEdgeEnvironment({ EDGE_HSTS: 'sometimes' })).toThrow(/EDGE_HSTS/);
    expect(() => loadEdgeEnvironment({ API_UPSTREAM_URL: 'api:3000' })).toThrow(/API_UPSTREAM_URL/);
    expect(() => loadEdgeEnvironment({ PAYMENT_FRAME_ORIGINS: 'tranzila' })).toThrow(
      /PAYMENT_FRAME_ORIGINS/,
    );
  });
});
