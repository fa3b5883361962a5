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
