// The page frame the shell's server sends around a server-drawn landing page (built once, into
// dist/landing-frame.html, by webpack.config.cjs): the app's own frame — header, and the main
// area with the storefront's box — as a guest sees it first, with a slot where the storefront's
// markup goes (tools/static-server/src/landing.cjs). The footer comes with the app: below the
// page's first screen, and it would only have to move once the whole page is there.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@mechabrim/query';
import { MemoryRouter } from '@mechabrim/routing';
// The slot marker is the one thing the shell shares with the server that fills it. Until that
// server (being rewritten as services/edge) takes the marker from a lib, this is the documented
// exception to "apps import libs only".
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import { LANDING_SLOT } from '@mechabrim/static-server';
import { AppFrame } from '../app/layout';
import { RemoteAreaBox } from '../app/remote-area';

export function renderFrame(): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <AppFrame footer={false}>
          <RemoteAreaBox remote="storefront">
            <template data-slot="" />
          </RemoteAreaBox>
        </AppFrame>
      </MemoryRouter>
    </QueryClientProvider>,
  ).replace('<template data-slot=""></template>', LANDING_SLOT);
}
