import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { clientLogSources, configureApi, sessionStore } from '@mechabrim/session';
import { installClientLogging, reactErrorReporting } from '@mechabrim/ui';
import { App } from './app/app';
import { setPortalUrl } from './features/header';
import { takeEarlyProfile } from './app/early-fetches';
import { takeLanding } from './app/landing';
import type { RuntimeConfig } from './app/runtime-config';

/** Starts the app once the federation share scope is ready (see main.ts). */
export function mount(root: HTMLElement, config: RuntimeConfig): void {
  configureApi({ apiBaseUrl: config.apiBaseUrl });
  setPortalUrl(config.portalUrl);
  // Before anything renders or calls the API: errors of the first render and the first calls'
  // timings reach the client log too.
  installClientLogging(clientLogSources);
  void sessionStore.getState().init(takeEarlyProfile());
  // Taken before React replaces the server's frame in `root` with its own. On such a page this
  // script was started only once the server's picture was on screen (early-start.ts), so the
  // app never holds that picture back.
  const landing = takeLanding();
  const app = createRoot(root, reactErrorReporting());
  // As a transition, the first render yields to the browser every few milliseconds (React's
  // time slicing) instead of holding the main thread for the whole app at once: a tap on the
  // server-drawn page is answered meanwhile. Only the commit that swaps the pages is one task.
  startTransition(() => {
    app.render(
      <StrictMode>
        <App landing={landing} />
      </StrictMode>,
    );
  });
}
