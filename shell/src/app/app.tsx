import { hydrate, QueryClient, QueryClientProvider } from '@mechabrim/query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from '@mechabrim/routing';
import { onAccountChange } from '@mechabrim/session';
import { ErrorBoundary } from '@mechabrim/ui';
import { LandingProvider, type Landing } from './landing';
import { Layout } from './layout';

/**
 * One query client for the page; the remotes use it through the shared react-query context. A
 * server-drawn landing page brings the data it was drawn from.
 */
function createQueryClient(landing: Landing | null) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
  if (landing?.state) hydrate(client, landing.state);
  return client;
}

/** The whole app: wrapped in the error boundary of spec §2, one router, one query client. */
export function App({ landing = null }: { landing?: Landing | null }) {
  const [queryClient] = useState(() => createQueryClient(landing));
  // What was read for one person (their orders, wishlist) is never shown to the next.
  useEffect(() => onAccountChange(() => void queryClient.resetQueries()), [queryClient]);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <LandingProvider landing={landing}>
          <BrowserRouter>
            <Layout />
          </BrowserRouter>
        </LandingProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
