/**
 * @jest-environment node
 */
import { CART_STORAGE_KEY } from '@mechabrim/cart-store';
import { TOKEN_STORAGE_KEY } from '@mechabrim/session';
import {
  EARLY_START_KEY,
  STORED_KEYS,
  takeEarlyProfile,
  takeEarlyManifest,
  takeEarlyRuntimeConfig,
  type EarlyStart,
} from './early-fetches';
import { loadRuntimeConfig } from './runtime-config';

const config = {
  apiBaseUrl: 'http://localhost:3000',
  remotes: {
    storefront: 'http://localhost:4201/mf-manifest.json',
    checkout: 'http://localhost:4202/mf-manifest.json',
    authorPortal: 'http://localhost:4203/mf-manifest.json',
  },
};

const g = globalThis as unknown as Record<string, unknown>;

function leave(start: EarlyStart) {
  g.window = { [EARLY_START_KEY]: start };
}

afterEach(() => {
  delete g.window;
  jest.restoreAllMocks();
});

describe('what the inline script fetched early', () => {
  it('hands over the runtime config once', async () => {
    leave({ config: Promise.resolve(config), manifests: {} });
    await expect(loadRuntimeConfig(undefined, takeEarlyRuntimeConfig())).resolves.toEqual(config);
    expect(takeEarlyRuntimeConfig()).toBeUndefined();
  });

  it('asks the network again when the early runtime config failed', async () => {
    leave({ config: Promise.reject(new Error('offline')), manifests: {} });
    const fetchMock = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify(config), { status: 200 }));
    await expect(loadRuntimeConfig(undefined, takeEarlyRuntimeConfig())).resolves.toEqual(config);
    expect(fetchMock).toHaveBeenCalledWith('/runtime-config.json', { cache: 'no-cache' });
  });

  it('serves a prefetched manifest once, then leaves later loads to the network', async () => {
    const url = config.remotes.storefront;
    leave({ config: Promise.resolve(config), manifests: { [url]: Promise.resolve('{"id":1}') } });
    const first = takeEarlyManifest(url);
    expect(first).toBeDefined();
    await expect((await first!).json()).resolves.toEqual({ id: 1 });
    expect(takeEarlyManifest(url)).toBeUndefined();
    expect(takeEarlyManifest(config.remotes.checkout)).toBeUndefined();
  });

  it('fetches the manifest itself when the early fetch failed', async () => {
    const url = config.remotes.storefront;
    leave({
      config: Promise.resolve(config),
      manifests: { [url]: Promise.reject(new Error('down')) },
    });
    const fetchMock = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('{"fresh":true}', { status: 200 }));
    await expect((await takeEarlyManifest(url)!).json()).resolves.toEqual({ fresh: true });
    expect(fetchMock).toHaveBeenCalledWith(url);
  });

  it('changes nothing on a page without the inline script', () => {
    expect(takeEarlyRuntimeConfig()).toBeUndefined();
    expect(takeEarlyManifest(config.remotes.storefront)).toBeUndefined();
  });
});

describe('the early profile and the stored keys', () => {
  it('reads the keys the session and the cart store write', () => {
    expect(STORED_KEYS).toEqual({ token: TOKEN_STORAGE_KEY, cart: CART_STORAGE_KEY });
  });

  it('hands the early profile over once', async () => {
    const profile = Promise.resolve({ _id: 'u1', name: 'דנה' });
    leave({ config: Promise.resolve(config), manifests: {}, profile });
    await expect(takeEarlyProfile()).resolves.toEqual({ _id: 'u1', name: 'דנה' });
    expect(takeEarlyProfile()).toBeUndefined();
  });

  it('has none without a stored token or an inline script', () => {
    leave({ config: Promise.resolve(config), manifests: {} });
    expect(takeEarlyProfile()).toBeUndefined();
    delete g.window;
    expect(takeEarlyProfile()).toBeUndefined();
  });
});
