// The shell's entry. Nothing shared (React, the router, the stores) may be imported here: shared
// modules are only ready after the federation runtime has initialised the share scope, which is
// why the app itself starts behind the async boundary `import('./bootstrap')`.
//
// Order: read /runtime-config.json → register the remotes' manifest URLs with the federation
// runtime → start the app. A remote is thus rebuilt and redeployed without rebuilding the shell.
import '@mechabrim/ui/src/global';
import { preloadRemoteApp, registerAppRemotes } from './app/federation';
import { ownerOf } from './app/route-table';
import { loadRuntimeConfig } from './app/runtime-config';
import { strings } from './strings.he';

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
    config = await loadRuntimeConfig();
  } catch (err) {
    console.error(err);
    showStartupError(root);
    return;
  }
  registerAppRemotes(config.remotes);
  const remote = ownerOf(window.location.pathname);
  if (remote) preloadRemoteApp(remote);
  const { mount } = await import('./bootstrap');
  mount(root, config);
}

void start();
