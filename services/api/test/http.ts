/** Small HTTP helpers for the e2e suites: real requests over loopback with fetch. */
export interface HttpAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  /** Pretend to come from this client IP (the API trusts X-Forwarded-For from its proxy). */
  ip?: string;
  headers?: Record<string, string>;
}

export function client(baseUrl: string) {
  async function call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<HttpAnswer<T>> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
  return {
    get: <T = unknown>(path: string, options?: RequestOptions) =>
      call<T>('GET', path, undefined, options),
    post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      call<T>('POST', path, body, options),
    put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      call<T>('PUT', path, body, options),
    delete: <T = unknown>(path: string, options?: RequestOptions) =>
      call<T>('DELETE', path, undefined, options),
  };
}

export type Client = ReturnType<typeof client>;

/** Asserts the foundation's error shape with a Hebrew message and returns the body. */
export function expectError(
  answer: HttpAnswer,
  status: number,
): { statusCode: number; error: string; message: string } {
  expect(answer.status).toBe(status);
  const body = answer.body as { statusCode: number; error: string; message: string };
  expect(body).toEqual(
    expect.objectContaining({
      statusCode: status,
      error: expect.any(String),
      message: expect.any(String),
    }),
  );
  expect(body.message).toMatch(/[\u0590-\u05FF]/);
  return body;
}

/** NoSQL-injection payloads: operator objects where strings belong. */
export const INJECTIONS: unknown[] = [
  { $ne: null },
  { $gt: '' },
  { $regex: '.*' },
  { $where: 'sleep(100)' },
  { $nor: [{ a: 1 }] },
];

let ipCounter = 0;
/** A fresh client IP per test, so one test's rate-limit budget does not spill into the next. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}
