import type { ErrorInfo } from 'react';
import { clientLogger, type ClientLogger } from './client-logger';

/** Where a page's client log gets the API and the user from (the session lib, in practice). */
export interface ClientLoggingSources {
  baseUrl: () => string;
  getUserId: () => string | undefined;
  /** Subscribes to the API client's timing of each call (slow ones are flagged). */
  observeApiTiming?: (observer: (timing: { name: string; durationMs: number }) => void) => void;
}

const installed = new WeakSet<ClientLogger>();

/**
 * Points a page's client logger at the API, reports window errors and unhandled rejections
 * (spec §7, §8) and times every call of the API client (slow at 1000 ms, warned at 3000 ms, spec
 * §9). Each host page calls it before its first render, so errors of that render are not lost.
 * Once per logger.
 */
export function installClientLogging(
  sources: ClientLoggingSources,
  logger: ClientLogger = clientLogger,
): void {
  if (installed.has(logger) || typeof window === 'undefined') return;
  installed.add(logger);
  logger.configure({ baseUrl: sources.baseUrl, getUserId: sources.getUserId });
  logger.installGlobalHandlers(window);
  sources.observeApiTiming?.(({ name, durationMs }) =>
    logger.recordDuration(name, durationMs, 'api'),
  );
}

/**
 * `createRoot` options reporting React's render errors to the client log: those an error
 * boundary caught (it shows the fallback, the user sees 'something went wrong') and those none
 * did. Recoverable errors (hydration) are only logged as warnings.
 */
export function reactErrorReporting(logger: ClientLogger = clientLogger) {
  const report = (context: string) => (error: unknown, info: Pick<ErrorInfo, 'componentStack'>) => {
    // As React's default handlers do: the console keeps showing it during development.
    console.error(error);
    logger.error(
      error instanceof Error ? error.message : 'Render error',
      { error, componentStack: info.componentStack ?? undefined },
      context,
    );
  };
  return {
    onCaughtError: report('react.caught'),
    onUncaughtError: report('react.uncaught'),
    onRecoverableError: (error: unknown) =>
      logger.warn('Recoverable render error', error, 'react.recoverable'),
  };
}
