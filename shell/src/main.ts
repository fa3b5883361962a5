// The shell's entry. The shell provides every shared singleton and bundles them into this first
// chunk (eager sharing, build-config/federation/webpack.cjs), so one script is all the page waits for;
// the app still starts behind `import('./bootstrap')`, in the same chunk.
//
// Order: read /runtime-config.json (already being fetched by index.html's inline script,
// src/early-start.ts) → register the remotes' manifest URLs with the federation runtime → start
// the app. A remote is thus rebuilt and redeployed without rebuilding the shell.
//
// Each step runs in a task of its own (`nextTask`): on a page the server drew, the reader already
// sees the page while this runs, and one task for all of it (~0.5 s on a phone: the federation
// runtime, react-dom, the app's modules) would leave their taps unanswered for that long. The
// modules are evaluated where they are first imported, so each step imports its own.
import '@mechabrim/ui/src/global';
import { ownerOf } from './app/route-table';
import { takeEarlyRuntimeConfig } from './app/early-fetches';
import { loadRuntimeConfig } from './app/runtime-config';
import { delay, nextTask } from './app/next-task';
import { strings } from './strings.he';

/** The shared singletons evaluated first, one a task (see `start`). */
const SHARED_FIRST = [
  () => import(/* webpackMode: "eager" */ 'react'),
  () => import(/* webpackMode: "eager" */ '@mechabrim/routing'),
  () => import(/* webpackMode: "eager" */ '@mechabrim/query'),
];

/** How long the start-up waits for the first page's remote before it starts the app without it. */
const FIRST_REMOTE_WAIT_MS = 500;

function showStartupError(root: HTMLElement) {
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.className = 'mb-container';
  box.style.paddingBlock = 'var(--mb-space-16)';
  const text = document.createElement('p');
  text.textContent = strings.startup.configFailed;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'mb-button';
  button.textContent = strings.startup.reload;
  button.addEventListener('click', () => window.location.reload());
  box.append(text, button);
  root.replaceChildren(box);
}

async function start() {
  const root = document.getElementById('root');
  if (!root) return;
  let config;
  try {
    config = await loadRuntimeConfig(undefined, takeEarlyRuntimeConfig());
  } catch (err) {
    console.error(err);
    showStartupError(root);
    return;
  }
  await nextTask();
  // React, the router and the query cache (shared singletons the UI kit and the app stand on),
  // each evaluated in a task of its own: with the UI kit below they were one task of 40–160 ms on
  // a phone (4× CPU); apart, the longest is the UI kit's own (~45).
  for (const evaluate of SHARED_FIRST) {
    await evaluate();
    await nextTask();
  }
  // The federation runtime's API and the UI kit (a shared singleton).
  const { preloadRemoteApp, registerAppRemotes, startRemoteApp } = await import(
    /* webpackMode: "eager" */ './app/federation'
  );
  registerAppRemotes(config.remotes, config.fallbacks);
  const remote = ownerOf(window.location.pathname);
  let remoteApp: Promise<unknown> | undefined;
  if (remote) {
    preloadRemoteApp(remote);
    remoteApp = startRemoteApp(remote);
  }
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  // The app's own modules, the router and the query cache. In the first chunk too (the shell's
  // shared singletons are eager): no further request.
  const { mount } = await import(/* webpackMode: "eager" */ './bootstrap');
  // The page's remote, if it comes soon: then the first render draws the whole page in one
  // commit. Not longer: until the app starts, the header's controls do not answer.
  if (remoteApp)
    await Promise.race([remoteApp.catch(() => undefined), delay(FIRST_REMOTE_WAIT_MS)]);
  await nextTask();
  mount(root, config);
}

void start();
