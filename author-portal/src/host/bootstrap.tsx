import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { clientLogSources, configureApi, sessionStore } from '@mechabrim/session';
import { installClientLogging, reactErrorReporting } from '@mechabrim/ui';
import { HostApp } from './host-app';

/** Starts the standalone portal once the federation share scope is ready (see main.ts). */
export function mount(root: HTMLElement, config: { apiBaseUrl: string; storeUrl: string }): void {
  configureApi({ apiBaseUrl: config.apiBaseUrl });
  // As in the shell: before anything renders or calls the API, so nothing goes unreported.
  installClientLogging(clientLogSources);
  void sessionStore.getState().init();
  createRoot(root, reactErrorReporting()).render(
    <StrictMode>
      <HostApp storeUrl={config.storeUrl} />
    </StrictMode>,
  );
}
