import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi, sessionStore } from '@mechabrim/session';
import { App } from './app/app';
import type { RuntimeConfig } from './app/runtime-config';

/** Starts the app once the federation share scope is ready (see main.ts). */
export function mount(root: HTMLElement, config: RuntimeConfig): void {
  configureApi({ apiBaseUrl: config.apiBaseUrl });
  void sessionStore.getState().init();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
