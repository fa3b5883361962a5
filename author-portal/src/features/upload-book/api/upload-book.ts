import {
  bookUploadAnswerSchema,
  coverTemplateSchema,
  type BookUploadAnswer,
  type CoverTemplate,
  type CoverTemplateQuery,
} from '@mechabrim/contracts';
import { useQuery } from '@mechabrim/query';
import { apiFetch, ApiError, getApiBaseUrl, sessionStore } from '@mechabrim/session';
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

/** The Hebrew message of an API error body (`message` a string or a list), if it has one. */
function messageOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
    if (Array.isArray(body.message)) {
      const parts = body.message.filter((m): m is string => typeof m === 'string');
      if (parts.length > 0) return parts.join(' ');
    }
  } catch {
    // not JSON: the generic message below
  }
  return null;
}

/**
 * Multipart `POST /api/books` with the session's bearer token. XMLHttpRequest rather than fetch,
 * because only it reports the upload's progress; `onProgress` gets whole per cents, 0–100.
 * Rejects with an `ApiError` carrying the server's Hebrew message.
 */
export function uploadBook(
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<BookUploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${getApiBaseUrl()}/api/books`);
    const token = sessionStore.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const answer = bookUploadAnswerSchema.safeParse(safeJson(xhr.responseText));
        if (answer.success) {
          onProgress(100);
          resolve(answer.data);
        } else reject(new ApiError(strings.upload.failed, xhr.status));
        return;
      }
      // Refused for the session's token: the session ended (as the API client would report it).
      if (xhr.status === 401 && token) sessionStore.getState().expire(token);
      reject(new ApiError(messageOf(xhr.responseText) ?? strings.upload.failed, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError(strings.upload.unreachable, 0));
    xhr.send(form);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
