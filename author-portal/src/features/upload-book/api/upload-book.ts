import {
  bookUploadAnswerSchema,
  coverTemplateSchema,
  type BookUploadAnswer,
  type CoverTemplate,
  type CoverTemplateQuery,
} from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch } from '@mechabrim/session';
import { sendMultipart } from '../../../shared/send-multipart';
import { strings } from '../../../strings.he';

/** `GET /api/print/cover-template`: the cover spread for the chosen options (null: no pages yet). */
export function useCoverTemplate(query: CoverTemplateQuery | null) {
  return useQuery({
    queryKey: ['author-portal', 'cover-template', query] as const,
    queryFn: async ({ signal }): Promise<CoverTemplate> => {
      const params = new URLSearchParams({
        pages: String(query?.pages ?? ''),
        size: query?.size ?? 'A5',
        paper: query?.paper ?? '70g',
        direction: query?.direction ?? 'rtl',
      });
      const answer = await apiFetch<unknown>(`/api/print/cover-template?${params.toString()}`, {
        signal,
      });
      return coverTemplateSchema.parse(answer);
    },
    enabled: query !== null,
    staleTime: Infinity,
  });
}

/** Multipart `POST /api/books`, its progress reported; see {@link sendMultipart}. */
export function uploadBook(
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<BookUploadAnswer> {
  return sendMultipart(
    { method: 'POST', path: '/api/books', form, answer: bookUploadAnswerSchema },
    strings.upload,
    onProgress,
  );
}
