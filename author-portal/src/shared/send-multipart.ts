import type { z } from 'zod';
import { ApiError, getApiBaseUrl, sessionStore } from '@mechabrim/session';

/** An API refusal of a multipart form, with the problems the server placed at its fields. */
export class FormError extends ApiError {
  constructor(
    message: string,
    status: number,
    /** Field name → the server's Hebrew message for it. */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message, status);
    this.name = 'FormError';
  }
}

/** The Hebrew message and field problems of an API error body, when it has them. */
export function errorBodyOf(text: string): {
  message: string | null;
  fields: Record<string, string>;
} {
  const fields: Record<string, string> = {};
  try {
    const body = JSON.parse(text) as { message?: unknown; details?: unknown };
    if (Array.isArray(body.details))
      for (const detail of body.details as Array<{ field?: unknown; message?: unknown }>)
        if (typeof detail.field === 'string' && typeof detail.message === 'string')
          fields[detail.field] ??= detail.message;
    if (typeof body.message === 'string' && body.message) return { message: body.message, fields };
    if (Array.isArray(body.message)) {
      const parts = body.message.filter((m): m is string => typeof m === 'string');
      if (parts.length > 0) return { message: parts.join(' '), fields };
    }
  } catch {
    // not JSON: the caller's generic message
  }
  return { message: null, fields };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A multipart request with the session's bearer token. XMLHttpRequest rather than fetch, because
 * only it reports the upload's progress; `onProgress` gets whole per cents, 0–100. Rejects with
 * a {@link FormError} carrying the server's Hebrew message and its field problems.
 */
export function sendMultipart<T>(
  request: { method: 'POST' | 'PUT'; path: string; form: FormData; answer: z.ZodType<T> },
  messages: { failed: string; unreachable: string },
  onProgress: (percent: number) => void = () => undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, `${getApiBaseUrl()}${request.path}`);
    const token = sessionStore.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const answer = request.answer.safeParse(safeJson(xhr.responseText));
        if (answer.success) {
          onProgress(100);
          resolve(answer.data);
        } else reject(new FormError(messages.failed, xhr.status));
        return;
      }
      // Refused for the session's token: the session ended (as the API client would report it).
      if (xhr.status === 401 && token) sessionStore.getState().expire(token);
      const body = errorBodyOf(xhr.responseText);
      reject(new FormError(body.message ?? messages.failed, xhr.status, body.fields));
    };
    xhr.onerror = () => reject(new FormError(messages.unreachable, 0));
    xhr.send(request.form);
  });
}
