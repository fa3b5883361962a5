import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { apiFetch, clientLogSources, configureApi } from '@mechabrim/session';
import {
  ClientLogger,
  ErrorBoundary,
  installClientLogging,
  reactErrorReporting,
} from '@mechabrim/ui';

function Boom(): never {
  throw new Error('render failed');
}

function loggerWithFetch() {
  const sent: { url: string; body: unknown }[] = [];
  const fetchImpl = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    return { ok: true, status: 204, text: async () => '' } as Response;
  }) as unknown as typeof fetch;
  const logger = new ClientLogger({ baseUrl: () => 'http://api.test', fetchImpl }, 'session-1');
  return { logger, sent };
}

describe('client logging of the shell', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => consoleError.mockRestore());

  it('sends a render error an error boundary caught to /api/logs/client-error', async () => {
    const { logger, sent } = loggerWithFetch();
    const container = document.createElement('div');
    const root = createRoot(container, reactErrorReporting(logger));
    await act(async () => {
      root.render(
        <ErrorBoundary>
          <Boom />
        </ErrorBoundary>,
      );
    });
    expect(container.textContent).toContain('משהו השתבש');
    const report = sent.find((s) => s.url === 'http://api.test/api/logs/client-error');
    expect(report?.body).toMatchObject({
      level: 'error',
      message: 'render failed',
      context: 'react.caught',
      sessionId: 'session-1',
    });
    act(() => root.unmount());
  });

  it('sends a render error no boundary caught too', () => {
    // (act() rethrows such an error instead of calling the root's handler: call it directly.)
    const { logger, sent } = loggerWithFetch();
    reactErrorReporting(logger).onUncaughtError(new Error('render failed'), {
      componentStack: '\n    at Boom',
    });
    expect(sent.map((s) => s.body)).toEqual([
      expect.objectContaining({ message: 'render failed', context: 'react.uncaught' }),
    ]);
  });

  describe('once installed', () => {
    const { logger, sent } = loggerWithFetch();
    const realFetch = globalThis.fetch;
    beforeAll(() => {
      configureApi({ apiBaseUrl: 'http://api.test' });
      installClientLogging(clientLogSources, logger);
      // installClientLogging points the logger at the page's API: keep the test's fetch.
      logger.configure({
        baseUrl: () => 'http://api.test',
        fetchImpl: sent.push.bind(sent) as never,
      });
    });
    afterAll(() => {
      globalThis.fetch = realFetch;
    });

    it('flags an API call slower than 1000 ms and warns above 3000 ms', async () => {
      jest.useFakeTimers();
      try {
        globalThis.fetch = jest.fn(
          (url: RequestInfo | URL) =>
            new Promise<Response>((resolve) =>
              setTimeout(
                () => resolve({ ok: true, status: 200, text: async () => '[]' } as Response),
                String(url).includes('slow') ? 1200 : 3500,
              ),
            ),
        );
        const slow = apiFetch('/api/slow?x=1');
        await jest.advanceTimersByTimeAsync(1200);
        await slow;
        const verySlow = apiFetch('/api/very-late');
        await jest.advanceTimersByTimeAsync(3500);
        await verySlow;
      } finally {
        jest.useRealTimers();
      }
      const timed = logger.getEntries().filter((e) => e.context === 'api');
      expect(timed).toEqual([
        expect.objectContaining({
          level: 'info',
          message: 'Slow operation: GET /api/slow',
          data: expect.objectContaining({ slow: true }),
        }),
        expect.objectContaining({
          level: 'warn',
          message: 'Very slow operation: GET /api/very-late',
          data: expect.objectContaining({ slow: true }),
        }),
      ]);
    });

    it('reports window errors', () => {
      window.dispatchEvent(new ErrorEvent('error', { message: 'early failure' }));
      expect(logger.getEntries().at(-1)).toMatchObject({
        level: 'error',
        message: 'early failure',
        context: 'window.onerror',
      });
    });
  });
});
