import type { ErrorInfo } from 'react';
import { getApiBaseUrl, observeApiTiming, sessionStore } from '@mechabrim/session';
import { clientLogger, type ClientLogger } from '@mechabrim/ui';

let installed = false;

/**
 * Points the page's one client logger at the API, reports window errors and unhandled
 * rejections (spec §7, §8) and times every call of the shared API client (slow ones flagged at
 * 1000 ms, warned at 3000 ms, spec §9). Called by the bootstrap before the first render, so
 * errors of the first render are not lost. Idempotent.
 */
export function installClientLogging(logger: ClientLogger = clientLogger): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  logger.configure({
    baseUrl: getApiBaseUrl,
    getUserId: () => sessionStore.getState().user?._id,
  });
  logger.installGlobalHandlers(window);
  observeApiTiming(({ name, durationMs }) => logger.recordDuration(name, durationMs, 'api'));
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

/** Opens the connection to the API early: the screens' first reads and the covers come from it. */
export function preconnectApi(): void {
  if (typeof document === 'undefined') return;
  try {
    const origin = new URL(getApiBaseUrl()).origin;
    if (
      origin !== window.location.origin &&
      !document.querySelector(`link[rel="preconnect"][href="${origin}"]`)
    ) {
      const link = document.createElement('link');
      link.rel = 'preconnect';
      link.href = origin;
      link.crossOrigin = 'anonymous';
      document.head.append(link);
    }
  } catch {
    // A malformed API URL is reported by the API client itself.
  }
}
