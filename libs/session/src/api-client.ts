import { strings } from './strings.he';

/** An answer from the API that was not a success, with a message to show the user (Hebrew). */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The `error` field of the API's error shape (e.g. "Not Found"), when there was one. */
    readonly error?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The API's one error shape: `{ statusCode, error, message }` (message may be a list). */
interface ErrorBody {
  statusCode?: number;
  error?: string;
  message?: string | string[];
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Attach the session's bearer token when there is one (default true). */
  auth?: boolean;
  /** Message when the server gives none (e.g. 'Login failed'). */
  fallbackMessage?: string;
}

export interface ApiClientOptions {
  /** The API origin, e.g. http://localhost:3000 (read on every call: it is set at start). */
  baseUrl: () => string;
  /** The bearer token, or null. */
  getToken: () => string | null;
  fetch?: typeof fetch;
  /**
   * Told how long every call took (from the request until its body was read), whether it
   * succeeded or not; the shell records it in the client log, which flags slow calls.
   */
  onTiming?: (timing: ApiTiming) => void;
  /**
   * Told when the API refused the session's own token (401 to a call that carried it): the
   * session has ended on the server. Not for calls that send no token or one of their own.
   */
  onUnauthorized?: (token: string) => void;
}

/** How long one API call took: `name` is the method and the path without its query string. */
export interface ApiTiming {
  name: string;
  durationMs: number;
  /** HTTP status; 0 when the server could not be reached or the call was aborted. */
  status: number;
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

function fallbackFor(status: number): string {
  if (status === 401) return strings.unauthorized;
  if (status === 403) return strings.forbidden;
  if (status === 404) return strings.notFound;
  if (status === 503) return strings.unavailable;
  if (status >= 500) return strings.serverError;
  return strings.unknownError;
}

function messageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { message } = body as ErrorBody;
  if (Array.isArray(message))
    return message.filter((m) => typeof m === 'string').join(', ') || undefined;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/** Creates the fetch wrapper every front end uses to talk to the API. */
export function createApiClient(options: ApiClientOptions) {
  return async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) {
      body = request.body;
    } else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const token = request.auth === false ? null : options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    const url = /^https?:\/\//.test(path)
      ? path
      : `${options.baseUrl().replace(/\/+$/, '')}${path}`;
    const method = request.method ?? (body === undefined ? 'GET' : 'POST');
    const started = now();
    const report = (status: number) => {
      if (!options.onTiming) return;
      try {
        options.onTiming({
          name: `${method} ${path.replace(/[?#].*$/, '')}`,
          durationMs: now() - started,
          status,
        });
      } catch {
        // Timing is advisory: it never breaks a call.
      }
    };
    let response: Response;
    let text: string;
    try {
      response = await (options.fetch ?? fetch)(url, {
        method,
        headers,
        body,
        signal: request.signal,
      });
      text = await response.text();
    } catch (err) {
      report(0);
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiError(strings.networkError, 0);
    }
    report(response.status);

    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (response.status === 401 && token && options.onUnauthorized) {
      try {
        options.onUnauthorized(token);
      } catch {
        // The caller still gets its error below.
      }
    }
    if (!response.ok) {
      const error = parsed && typeof parsed === 'object' ? (parsed as ErrorBody).error : undefined;
      throw new ApiError(
        messageOf(parsed) ?? request.fallbackMessage ?? fallbackFor(response.status),
        response.status,
        error,
      );
    }
    return parsed as T;
  };
}

export type ApiFetch = ReturnType<typeof createApiClient>;
