import { QueryClient, QueryClientProvider } from '@mechabrim/query';
import { useState } from 'react';
import { BrowserRouter } from '@mechabrim/routing';
import { ErrorBoundary } from '@mechabrim/ui';
import { Layout } from './layout';

/** One query client for the page; the remotes use it through the shared react-query context. */
function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/** The whole app: wrapped in the error boundary of spec §2, one router, one query client. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Layout />
        </BrowserRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
