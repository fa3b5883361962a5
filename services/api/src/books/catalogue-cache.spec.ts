import { DEFAULT_CATALOGUE_CACHE_TTL_MS } from '../config/api-config';
import { CATALOGUE_STALE_MS, CatalogueCache } from './catalogue-cache';

describe('CatalogueCache', () => {
  let cache: CatalogueCache;
  let now = 1_000_000;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    cache = new CatalogueCache();
  });
  afterEach(() => {
    cache.onModuleDestroy();
    jest.restoreAllMocks();
  });

  const deferred = <T>() => {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  it('shares one computation between concurrent misses and tags the JSON', async () => {
    const compute = jest.fn(async () => ({ books: [1, 2] }));
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(a.json).toBe('{"books":[1,2]}');
    expect(a.etag).toMatch(/^W\/".+"$/);
  });

  it('serves a stale answer while one refresh runs, then the refreshed one', async () => {
    await cache.get('k', async () => 'old');
    now += DEFAULT_CATALOGUE_CACHE_TTL_MS + 1;
    const refresh = deferred<string>();
    const compute = jest.fn(() => refresh.promise);
    expect((await cache.get('k', compute)).json).toBe('"old"');
    expect((await cache.get('k', compute)).json).toBe('"old"');
    expect(compute).toHaveBeenCalledTimes(1);
    refresh.resolve('new');
    await refresh.promise;
    await new Promise((r) => setImmediate(r));
    expect((await cache.get('k', compute)).json).toBe('"new"');
  });

  it('keeps answers as long as the configuration says (CATALOGUE_CACHE_TTL_MS), past the stale window', async () => {
    const long = new CatalogueCache({ catalogueCacheTtlMs: 10 * 60_000 });
    try {
      await long.get('k', async () => 'kept');
      now += CATALOGUE_STALE_MS + 1;
      const compute = jest.fn(async () => 'new');
      expect((await long.get('k', compute)).json).toBe('"kept"');
      expect(compute).not.toHaveBeenCalled();
      now += 10 * 60_000;
      expect((await long.get('k', compute)).json).toBe('"new"');
      expect(compute).toHaveBeenCalledTimes(1);
    } finally {
      long.onModuleDestroy();
    }
  });

  it('recomputes once an answer is older than the stale window', async () => {
    await cache.get('k', async () => 'old');
    now += CATALOGUE_STALE_MS + 1;
    expect((await cache.get('k', async () => 'new')).json).toBe('"new"');
  });

  it('forgets everything on clear, and does not keep an answer computed across a clear', async () => {
    const slow = deferred<string>();
    const first = cache.get('k', () => slow.promise);
    cache.clear();
    slow.resolve('before the write');
    expect((await first).json).toBe('"before the write"');
    expect((await cache.get('k', async () => 'after the write')).json).toBe('"after the write"');
  });

  it('does not remember a failure', async () => {
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect((await cache.get('k', async () => 'up')).json).toBe('"up"');
  });
});
