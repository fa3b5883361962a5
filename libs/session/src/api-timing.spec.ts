import { ApiError, createApiClient, type ApiTiming } from './api-client';

/** A fetch that answers after `delayMs` (fake timers move the clock). */
function delayedFetch(delayMs: number, status = 200): typeof fetch {
  return () =>
    new Promise<Response>((resolve) =>
      setTimeout(() => resolve(new Response('{"ok":true}', { status })), delayMs),
    );
}

describe('API client timing', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function client(fetchImpl: typeof fetch, timings: ApiTiming[]) {
    return createApiClient({
      baseUrl: () => 'http://api.test',
      getToken: () => null,
      fetch: fetchImpl,
      onTiming: (t) => timings.push(t),
    });
  }

  it('reports how long a call took, named by method and path without the query', async () => {
    const timings: ApiTiming[] = [];
    const call = client(delayedFetch(1500), timings)('/api/books?limit=10&page=2');
    await jest.advanceTimersByTimeAsync(1500);
    await expect(call).resolves.toEqual({ ok: true });
    expect(timings).toHaveLength(1);
    expect(timings[0]).toMatchObject({ name: 'GET /api/books', status: 200 });
    expect(timings[0]?.durationMs).toBeGreaterThanOrEqual(1500);
  });

  it('reports failed calls too, with their status or 0 when unreachable', async () => {
    const timings: ApiTiming[] = [];
    const failing = client(delayedFetch(20, 500), timings)('/api/stats', { method: 'POST' });
    const settled = failing.then(
      () => undefined,
      (error: unknown) => error,
    );
    await jest.advanceTimersByTimeAsync(20);
    expect(await settled).toBeInstanceOf(ApiError);
    const unreachable = client(() => Promise.reject(new TypeError('down')), timings)('/api/x');
    await expect(unreachable).rejects.toMatchObject({ status: 0 });
    expect(timings.map((t) => [t.name, t.status])).toEqual([
      ['POST /api/stats', 500],
      ['GET /api/x', 0],
    ]);
  });

  it('never fails a call because the observer threw', async () => {
    const call = createApiClient({
      baseUrl: () => 'http://api.test',
      getToken: () => null,
      fetch: delayedFetch(1),
      onTiming: () => {
        throw new Error('observer broke');
      },
    })('/api/books');
    await jest.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toEqual({ ok: true });
  });
});
