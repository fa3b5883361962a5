import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi, sessionStore } from '@mechabrim/session';
import { HostApp } from './host-app';

/** Starts the standalone portal once the federation share scope is ready (see main.ts). */
export function mount(root: HTMLElement, config: { apiBaseUrl: string }): void {
  configureApi(config);
  void sessionStore.getState().init();
  createRoot(root).render(
    <StrictMode>
      <HostApp />
    </StrictMode>,
  );
}
