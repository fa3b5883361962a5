// The standalone author portal (authors' subdomain). Like the shell: read /runtime-config.json
// (for the API origin), register the portal's own remote — served from this very origin — then
// start behind the async boundary, once the shared modules are ready.
import '@mechabrim/ui/src/global';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { strings } from '../strings.he';

async function start() {
  const root = document.getElementById('root');
  if (!root) return;
  let apiBaseUrl: string;
  let storeUrl: string;
  try {
    const response = await fetch('/runtime-config.json', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`/runtime-config.json: HTTP ${response.status}`);
    const config = (await response.json()) as { apiBaseUrl?: unknown; storeUrl?: unknown };
    if (typeof config.apiBaseUrl !== 'string')
      throw new Error('runtime-config.json: apiBaseUrl missing');
    apiBaseUrl = config.apiBaseUrl;
    storeUrl = storeUrlOf(config.storeUrl);
  } catch (err) {
    console.error(err);
    const box = document.createElement('div');
    box.className = 'mb-container';
    box.setAttribute('role', 'alert');
    const text = document.createElement('p');
    text.textContent = strings.startup.configFailed;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'mb-button';
    button.textContent = strings.startup.reload;
    button.addEventListener('click', () => window.location.reload());
    box.append(text, button);
    root.replaceChildren(box);
    return;
  }
  registerRemotes([
    { name: 'authorPortal', entry: new URL('/mf-manifest.json', window.location.origin).href },
  ]);
  const { mount } = await import('./bootstrap');
  mount(root, { apiBaseUrl, storeUrl });
}

/**
 * The store's address for 'back to the site': the runtime config's `storeUrl` (the edge server
 * makes it from `PUBLIC_STORE_URL`, else the shell's port), else the shell's local address.
 */
function storeUrlOf(value: unknown): string {
  if (typeof value === 'string') {
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // Not a URL: the default below.
    }
  }
  return `http://${window.location.hostname}:4200/`;
}

void start();
