// The one TanStack Query of the shell and the three remotes, shared as a federation singleton.
//
// A shared module is never tree-shaken (every export may be used by some remote), and
// @tanstack/react-query's index exports suspense hooks, infinite and parallel queries, hydration,
// … Sharing this lib instead makes the shared chunk hold only what is re-exported here, with
// react-query tree-shaken inside it. Import it from '@mechabrim/query', never from
// '@tanstack/react-query' directly (that would bundle a second copy with its own context); add a
// name here when a front end needs one more.
export {
  dehydrate,
  hydrate,
  keepPreviousData,
  queryOptions,
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export type { DehydratedState, UseQueryResult } from '@tanstack/react-query';
