import { getApiBaseUrl } from '@mechabrim/session';

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
