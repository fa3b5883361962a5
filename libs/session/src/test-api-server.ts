import http from 'node:http';
import type { AddressInfo } from 'node:net';

type AuthApiUser = { _id: string; name: string; email: string; role: string; password: string };

/** A request as the server saw it, for the tests to look at. */
type SeenRequest = { method: string; url: string; authorization?: string; body?: unknown };

/** The server's accounts and tokens, what it was asked, and the trouble planned for its profile. */
interface AuthApiState {
  users: Map<string, AuthApiUser>;
  /** Token → the e-mail of the account it opens. */
  tokens: Map<string, string>;
  requests: SeenRequest[];
  /** Statuses the next profile requests answer with, before it answers normally again. */
  profileFailures: number[];
  /** Profile answers held back until `release()` (a slow API). */
  holdProfile: Promise<void> | null;
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendUnauthorized(res: http.ServerResponse) {
  send(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'נדרשת התחברות' });
}

function publicUser(api: AuthApiState, email: string) {
  const { password: _password, ...user } = api.users.get(email)!;
  return user;
}

/** `POST /api/auth/login`: the user's fields and a token, or 401 for wrong credentials. */
function logIn(
  api: AuthApiState,
  res: http.ServerResponse,
  body: { email: string; password: string },
) {
  const user = api.users.get(body.email);
  if (!user || user.password !== body.password) {
    return send(res, 401, {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'האימייל או הסיסמה שגויים',
    });
  }
  api.tokens.set('login-token', user.email);
  return send(res, 201, { ...publicUser(api, user.email), token: 'login-token' });
}

/** `POST /api/auth/register`: `{ user, token }` for a new e-mail, 409 for a known one. */
function register(
  api: AuthApiState,
  res: http.ServerResponse,
  body: { name: string; email: string; role: string; password: string },
) {
  if (api.users.has(body.email)) {
    return send(res, 409, { statusCode: 409, error: 'Conflict', message: 'האימייל כבר רשום' });
  }
  api.users.set(body.email, {
    _id: 'u2',
    name: body.name,
    email: body.email,
    role: body.role,
    password: body.password,
  });
  api.tokens.set('register-token', body.email);
  return send(res, 201, { user: publicUser(api, body.email), token: 'register-token' });
}

/** `POST /api/auth/logout` and `logout-all`: every token of the caller's account stops working. */
function endSessions(api: AuthApiState, res: http.ServerResponse, email: string | undefined) {
  if (!email) return sendUnauthorized(res);
  for (const [token, owner] of api.tokens) if (owner === email) api.tokens.delete(token);
  res.writeHead(204).end();
}

/**
 * `/api/auth/profile`: a GET answers with the caller's fields (unless held back or told to fail
 * first), a PUT updates them and renews the token.
 */
async function answerProfile(
  api: AuthApiState,
  res: http.ServerResponse,
  request: { method: string | undefined; email: string | undefined; update: object },
) {
  const { method, email } = request;
  if (method === 'GET') {
    if (api.holdProfile) await api.holdProfile;
    const failure = api.profileFailures.shift();
    if (failure) {
      return send(res, failure, { statusCode: failure, error: 'Failure', message: 'תקלה' });
    }
  }
  if (!email) return sendUnauthorized(res);
  if (method === 'PUT') {
    const user = api.users.get(email)!;
    api.users.set(email, { ...user, ...request.update });
    api.tokens.set('renewed-token', email);
    return send(res, 200, { ...publicUser(api, email), token: 'renewed-token' });
  }
  return send(res, 200, publicUser(api, email));
}

/** `POST /api/auth/handover`: a single-use code for the caller's sign-in. */
function handOver(api: AuthApiState, res: http.ServerResponse, email: string | undefined) {
  if (!email) return sendUnauthorized(res);
  const code = `${'h'.repeat(40)}${String(api.requests.length).padStart(3, '0')}`;
  return send(res, 201, { code, expiresAt: new Date(Date.now() + 60_000).toISOString() });
}

/** The routes that only exist for the client's tests: the API's other answer shapes, and 404. */
function answerOtherShapes(res: http.ServerResponse, url: string | undefined) {
  if (url === '/api/validation') {
    return send(res, 400, {
      statusCode: 400,
      error: 'Bad Request',
      message: ['שם חובה', 'אימייל לא תקין'],
    });
  }
  if (url === '/api/plain-failure') {
    res.writeHead(502, { 'Content-Type': 'text/html' });
    res.end('<h1>Bad gateway</h1>');
    return;
  }
  if (url === '/api/empty') {
    res.writeHead(204);
    res.end();
    return;
  }
  return send(res, 404, { statusCode: 404, error: 'Not Found', message: 'הנתיב לא קיים' });
}

/** Records the request, then answers it by its address and method. */
async function answer(
  api: AuthApiState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const body = raw ? JSON.parse(raw) : undefined;
  api.requests.push({
    method: req.method!,
    url: req.url!,
    authorization: req.headers.authorization,
    body,
  });
  const bearer = req.headers.authorization?.replace(/^Bearer /, '');
  const email = bearer ? api.tokens.get(bearer) : undefined;
  const { url, method } = req;

  if (url === '/api/auth/login' && method === 'POST') return logIn(api, res, body);
  if (url === '/api/auth/register' && method === 'POST') return register(api, res, body);
  if (url === '/api/auth/logout' && method === 'POST') return endSessions(api, res, email);
  if (url === '/api/auth/logout-all' && method === 'POST') return endSessions(api, res, email);
  if (url === '/api/auth/profile') {
    return answerProfile(api, res, { method, email, update: body });
  }
  if (url === '/api/auth/handover' && method === 'POST') return handOver(api, res, email);
  return answerOtherShapes(res, url);
}

/** What a test may do to the running server besides calling it. */
function authApiControls(api: AuthApiState, server: http.Server) {
  return {
    /** A token that opens `email`'s account (created as a reader when new). */
    issue(token: string, email = 'dana@example.com') {
      if (!api.users.has(email)) {
        api.users.set(email, {
          _id: `u-${api.users.size + 1}`,
          name: 'קורא',
          email,
          role: 'user',
          password: 'Sod-Sod-12',
        });
      }
      api.tokens.set(token, email);
    },
    /** Ends one token's session, as signing out on another device or everywhere would. */
    revoke(token: string) {
      api.tokens.delete(token);
    },
    /** Whether a token still opens its account. */
    isValid(token: string) {
      return api.tokens.has(token);
    },
    /** Lets the next profile requests fail with these statuses. */
    failProfile(...statuses: number[]) {
      api.profileFailures.push(...statuses);
    },
    /** Holds profile answers back until the returned function is called. */
    slowProfile(): () => void {
      let release = () => {};
      api.holdProfile = new Promise<void>((resolve) => {
        release = () => {
          api.holdProfile = null;
          resolve();
        };
      });
      return release;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A small real HTTP server speaking the API's auth routes and error shape, for the session
 * and client tests (the real API is another project; these tests are about the client side).
 */
export async function startAuthApi() {
  const api: AuthApiState = {
    users: new Map([
      [
        'dana@example.com',
        {
          _id: 'u1',
          name: 'דנה',
          email: 'dana@example.com',
          role: 'author',
          password: 'Sod-Sod-12',
        },
      ],
    ]),
    tokens: new Map<string, string>([['valid-token', 'dana@example.com']]),
    requests: [],
    profileFailures: [],
    holdProfile: null,
  };

  // Node calls the handler and drops what it returns; errors surface as failed test requests.
  const server = http.createServer((req, res) => void answer(api, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: api.requests,
    ...authApiControls(api, server),
  };
}

/** localStorage's contract, in memory (Node has no localStorage). */
export class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}
