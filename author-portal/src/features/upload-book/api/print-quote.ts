import {
  printCostQuoteSchema,
  type PrintCostQuote,
  type PrintQuoteQuery,
} from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';

/**
 * `GET /api/print/quote`: the print partner's cost of one copy for the chosen options and the
 * lowest price that carries it (null query: the page count is not filled in yet).
 */
export function usePrintQuote(query: PrintQuoteQuery | null) {
  return useQuery({
    queryKey: ['author-portal', 'print-quote', query] as const,
    queryFn: async ({ signal }): Promise<PrintCostQuote> => {
      const params = new URLSearchParams({
        pages: String(query?.pages ?? ''),
        size: query?.size ?? 'A5',
        paper: query?.paper ?? '70g',
        printing: query?.printing ?? 'bw',
      });
      const answer = await apiFetch<unknown>(`/api/print/quote?${params.toString()}`, { signal });
      return printCostQuoteSchema.parse(answer);
    },
    enabled: query !== null,
    // A quote holds for the session's few minutes; the server quotes again on upload.
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}
