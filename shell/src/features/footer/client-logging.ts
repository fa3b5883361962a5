import { getApiBaseUrl, sessionStore } from '@mechabrim/session';
import { clientLogger } from '@mechabrim/ui';

let installed = false;

/**
 * Points the page's one client logger at the API and reports window errors and unhandled
 * rejections (spec §7, §8). Idempotent: the frame mounts once, StrictMode may run effects twice.
 */
export function installClientLogging(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  clientLogger.configure({
    baseUrl: getApiBaseUrl,
    getUserId: () => sessionStore.getState().user?._id,
  });
  clientLogger.installGlobalHandlers(window);
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
