import { ClientLogger } from './client-logger';

function setup(extra: Partial<ConstructorParameters<typeof ClientLogger>[0]> = {}) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchImpl = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init?.body)) });
    return new Response('{}', { status: 201 });
  }) as unknown as typeof fetch;
  const logger = new ClientLogger(
    { baseUrl: () => 'http://api.test/', fetchImpl, getUserId: () => 'u1', ...extra },
    'sess-1',
  );
  return { logger, calls };
}

describe('client logger', () => {
  afterEach(() => jest.useRealTimers());

  it('sends an error entry at once to client-error', async () => {
    const { logger, calls } = setup();
    logger.error('boom', new Error('bad'), 'books');
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://api.test/api/logs/client-error');
    expect(calls[0]?.body).toMatchObject({
      level: 'error',
      message: 'boom',
      context: 'books',
      userId: 'u1',
      sessionId: 'sess-1',
    });
  });

  it('sends the version of each remote the page runs with every entry, once it is known', async () => {
    const { logger, calls } = setup();
    logger.error('before');
    logger.setRemoteVersions({ storefront: '3-cccccccccc' });
    logger.error('after');
    await Promise.resolve();
    expect(calls[0]?.body).not.toHaveProperty('remotes');
    expect(calls[1]?.body).toMatchObject({ remotes: { storefront: '3-cccccccccc' } });
  });

  it('sends the other entries in bulk with the session id', async () => {
    jest.useFakeTimers();
    const { logger, calls } = setup({ flushIntervalMs: 1000 });
    logger.info('one');
    logger.warn('two');
    expect(calls).toHaveLength(0);
    jest.advanceTimersByTime(1000);
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://api.test/api/logs/client-bulk');
    const body = calls[0]?.body as { logs: { message: string }[]; sessionId: string };
    expect(body.sessionId).toBe('sess-1');
    expect(body.logs.map((l) => l.message)).toEqual(['one', 'two']);
  });

  it('flushes as soon as a bulk is full', async () => {
    const { logger, calls } = setup({ bulkSize: 3 });
    logger.info('a');
    logger.info('b');
    logger.info('c');
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    expect((calls[0]?.body as { logs: unknown[] }).logs).toHaveLength(3);
  });

  it('sends a long backlog in bulks of at most 50, as the API takes them', async () => {
    const { logger, calls } = setup({ bulkSize: 1000 });
    for (let i = 0; i < 100; i++) logger.debug(`m${i}`);
    await logger.flush();
    expect(calls.map((c) => (c.body as { logs: unknown[] }).logs.length)).toEqual([50, 50]);
  });

  it('keeps at most 100 entries', () => {
    const { logger } = setup({ bulkSize: 1000 });
    for (let i = 0; i < 130; i++) logger.debug(`m${i}`);
    const entries = logger.getEntries();
    expect(entries).toHaveLength(100);
    expect(entries[0]?.message).toBe('m30');
  });

  it('flags operations above 1000 ms as slow and above 3000 ms as warnings', () => {
    const { logger } = setup({ bulkSize: 1000 });
    logger.recordDuration('quick', 999);
    logger.recordDuration('slowish', 1500);
    logger.recordDuration('very', 3200);
    const entries = logger.getEntries();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ level: 'info', data: { durationMs: 1500, slow: true } });
    expect(entries[1]).toMatchObject({ level: 'warn', data: { durationMs: 3200, slow: true } });
  });

  it('reports window errors and unhandled rejections', async () => {
    const { logger, calls } = setup();
    const stop = logger.installGlobalHandlers(window);
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'kaput', filename: 'a.js', lineno: 3 }),
    );
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('nope') });
    window.dispatchEvent(rejection);
    stop();
    await Promise.resolve();
    expect(calls.map((c) => (c.body as { message: string }).message)).toEqual([
      'kaput',
      'Unhandled promise rejection',
    ]);
    expect(calls.every((c) => c.url.endsWith('/api/logs/client-error'))).toBe(true);
  });
});
