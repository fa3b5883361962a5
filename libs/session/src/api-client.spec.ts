import { ApiError, createApiClient } from './api-client';
import { strings } from './strings.he';
import { startAuthApi } from './test-api-server';

describe('API client', () => {
  let api: Awaited<ReturnType<typeof startAuthApi>>;
  let token: string | null;
  const client = () => createApiClient({ baseUrl: () => `${api.url}/`, getToken: () => token });

  beforeAll(async () => {
    api = await startAuthApi();
  });
  afterAll(() => api.close());
  beforeEach(() => {
    token = null;
    api.requests.length = 0;
  });

  it('calls the configured API base and attaches the bearer token', async () => {
    token = 'valid-token';
    const user = await client()<{ email: string }>('/api/auth/profile');
    expect(user.email).toBe('dana@example.com');
    expect(api.requests[0]).toMatchObject({
      method: 'GET',
      url: '/api/auth/profile',
      authorization: 'Bearer valid-token',
    });
  });

  it("tells the session when the API refused the session's own token, and only then", async () => {
    const refused: string[] = [];
    const watched = createApiClient({
      baseUrl: () => api.url,
      getToken: () => token,
      onUnauthorized: (refusedToken) => refused.push(refusedToken),
    });
    token = 'ended-token';
    await expect(watched('/api/auth/profile')).rejects.toMatchObject({ status: 401 });
    // A wrong password is a 401 too, but to a call that carried no session token.
    await expect(
      watched('/api/auth/login', {
        body: { email: 'dana@example.com', password: 'wrong' },
        auth: false,
      }),
    ).rejects.toMatchObject({ status: 401 });
    await expect(watched('/api/missing')).rejects.toMatchObject({ status: 404 });
    expect(refused).toEqual(['ended-token']);
  });

  it('sends a JSON body with POST and no token when auth is false', async () => {
    token = 'valid-token';
    await client()('/api/auth/login', {
      body: { email: 'dana@example.com', password: 'Sod-Sod-12' },
      auth: false,
    });
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      authorization: undefined,
      body: { email: 'dana@example.com', password: 'Sod-Sod-12' },
    });
  });

  it("turns the API's error shape into an ApiError with the Hebrew message", async () => {
    const failure = client()('/api/nowhere');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(client()('/api/nowhere')).rejects.toMatchObject({
      message: 'הנתיב לא קיים',
      status: 404,
      error: 'Not Found',
    });
  });

  it('joins a list of validation messages into one', async () => {
    await expect(client()('/api/validation')).rejects.toMatchObject({
      message: 'שם חובה, אימייל לא תקין',
      status: 400,
    });
  });

  it('falls back to a Hebrew message by status when the body has none', async () => {
    await expect(client()('/api/plain-failure')).rejects.toMatchObject({
      message: strings.serverError,
      status: 502,
    });
  });

  it('answers undefined for an empty success', async () => {
    await expect(client()('/api/empty')).resolves.toBeUndefined();
  });

  it('reports an unreachable server in Hebrew with status 0', async () => {
    const offline = createApiClient({ baseUrl: () => 'http://127.0.0.1:1', getToken: () => null });
    await expect(offline('/api/health')).rejects.toMatchObject({
      message: strings.networkError,
      status: 0,
    });
  });
});
