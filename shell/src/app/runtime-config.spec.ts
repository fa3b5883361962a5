import { parseRuntimeConfig } from './runtime-config';

const valid = {
  apiBaseUrl: 'http://localhost:3000',
  remotes: {
    storefront: 'http://localhost:4201/mf-manifest.json',
    checkout: 'http://localhost:4202/mf-manifest.json',
    authorPortal: 'http://localhost:4203/mf-manifest.json',
  },
};

describe('runtime config', () => {
  it('accepts the contract of docs/CONVENTIONS.md', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
  });

  it('keeps the standalone portal’s address when it is one, and leaves anything else out', () => {
    const portalUrl = 'https://authors.mechabrim.example/';
    expect(parseRuntimeConfig({ ...valid, portalUrl })).toEqual({ ...valid, portalUrl });
    for (const wrong of ['javascript:alert(1)', '', 42]) {
      expect(parseRuntimeConfig({ ...valid, portalUrl: wrong })).toEqual(valid);
    }
  });

  it('keeps each remote’s fallback that is a URL other than its entry', () => {
    const fallbacks = {
      storefront: 'http://localhost:4201/remotes/storefront/1-aaaaaaaaaa/mf-manifest.json',
      checkout: valid.remotes.checkout,
      authorPortal: 42,
      cart: 'http://localhost:4209/mf-manifest.json',
    };
    expect(parseRuntimeConfig({ ...valid, fallbacks })).toEqual({
      ...valid,
      fallbacks: { storefront: fallbacks.storefront },
    });
    expect(parseRuntimeConfig({ ...valid, fallbacks: 'x' })).toEqual(valid);
  });

  it.each([
    ['not an object', null, /not an object/],
    ['no API origin', { ...valid, apiBaseUrl: '' }, /apiBaseUrl/],
    ['no remotes', { apiBaseUrl: valid.apiBaseUrl }, /remotes/],
    [
      'a missing remote',
      { ...valid, remotes: { ...valid.remotes, checkout: undefined } },
      /remotes\.checkout/,
    ],
  ])('rejects %s, naming the field', (_label, value, message) => {
    expect(() => parseRuntimeConfig(value)).toThrow(message);
  });
});
