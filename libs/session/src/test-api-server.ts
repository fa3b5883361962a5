import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small real HTTP server speaking the API's auth routes and error shape, for the session
 * and client tests (the real API is another project; these tests are about the client side).
 */
export async function startAuthApi() {
  const users = new Map([
    [
      'dana@example.com',
      { _id: 'u1', name: 'דנה', email: 'dana@example.com', role: 'author', password: 'Sod-Sod-12' },
    ],
  ]);
  const tokens = new Map<string, string>([['valid-token', 'dana@example.com']]);
  const requests: { method: string; url: string; authorization?: string; body?: unknown }[] = [];
  /** Statuses the next profile requests answer with, before it answers normally again. */
  const profileFailures: number[] = [];
  /** Profile answers held back until `release()` (a slow API). */
  let holdProfile: Promise<void> | null = null;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const publicUser = (email: string) => {
    const { password: _password, ...user } = users.get(email)!;
    return user;
  };

  // Node calls the handler and drops what it returns; errors surface as failed test requests.
  const server = http.createServer((req, res) => void answer(req, res));
  async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    requests.push({
      method: req.method!,
      url: req.url!,
      authorization: req.headers.authorization,
      body,
    });
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    const email = bearer ? tokens.get(bearer) : undefined;

    if (req.url === '/api/auth/login' && req.method === 'POST') {
      const user = users.get(body.email);
      if (!user || user.password !== body.password) {
        return send(res, 401, {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'האימייל או הסיסמה שגויים',
        });
      }
      tokens.set('login-token', user.email);
      return send(res, 201, { ...publicUser(user.email), token: 'login-token' });
    }
    if (req.url === '/api/auth/register' && req.method === 'POST') {
      if (users.has(body.email)) {
        return send(res, 409, { statusCode: 409, error: 'Conflict', message: 'האימייל כבר רשום' });
      }
      users.set(body.email, {
        _id: 'u2',
        name: body.name,
        email: body.email,
        role: body.role,
        password: body.password,
      });
      tokens.set('register-token', body.email);
      return send(res, 201, { user: publicUser(body.email), token: 'register-token' });
    }
    if (req.url === '/api/auth/logout' && req.method === 'POST') {
      if (!email)
        return send(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'נדרשת התחברות' });
      for (const [token, owner] of tokens) if (owner === email) tokens.delete(token);
      res.writeHead(204).end();
      return;
    }
    if (req.url === '/api/auth/logout-all' && req.method === 'POST') {
      if (!email)
        return send(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'נדרשת התחברות' });
      for (const [token, owner] of tokens) if (owner === email) tokens.delete(token);
      res.writeHead(204).end();
      return;
    }
    if (req.url === '/api/auth/profile' && req.method === 'GET') {
      if (holdProfile) await holdProfile;
      const failure = profileFailures.shift();
      if (failure) {
        return send(res, failure, { statusCode: failure, error: 'Failure', message: 'תקלה' });
      }
    }
    if (req.url === '/api/auth/profile') {
      if (!email)
        return send(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'נדרשת התחברות' });
      if (req.method === 'PUT') {
        const user = users.get(email)!;
        users.set(email, { ...user, ...body });
        tokens.set('renewed-token', email);
        return send(res, 200, { ...publicUser(email), token: 'renewed-token' });
      }
      return send(res, 200, publicUser(email));
    }
    if (req.url === '/api/auth/handover' && req.method === 'POST') {
      if (!email)
        return send(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'נדרשת התחברות' });
      const code = `${'h'.repeat(40)}${String(requests.length).padStart(3, '0')}`;
      return send(res, 201, { code, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    }
    if (req.url === '/api/validation') {
      return send(res, 400, {
        statusCode: 400,
        error: 'Bad Request',
        message: ['שם חובה', 'אימייל לא תקין'],
      });
    }
    if (req.url === '/api/plain-failure') {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
      return;
    }
    if (req.url === '/api/empty') {
      res.writeHead(204);
      res.end();
      return;
    }
    return send(res, 404, { statusCode: 404, error: 'Not Found', message: 'הנתיב לא קיים' });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** A token that opens `email`'s account (created as a reader when new). */
    issue(token: string, email = 'dana@example.com') {
      if (!users.has(email)) {
        users.set(email, {
          _id: `u-${users.size + 1}`,
          name: 'קורא',
          email,
          role: 'user',
          password: 'Sod-Sod-12',
        });
      }
      tokens.set(token, email);
    },
    /** Ends one token's session, as signing out on another device or everywhere would. */
    revoke(token: string) {
      tokens.delete(token);
    },
    /** Whether a token still opens its account. */
    isValid(token: string) {
      return tokens.has(token);
    },
    /** Lets the next profile requests fail with these statuses. */
    failProfile(...statuses: number[]) {
      profileFailures.push(...statuses);
    },
    /** Holds profile answers back until the returned function is called. */
    slowProfile(): () => void {
      let release = () => {};
      holdProfile = new Promise<void>((resolve) => {
        release = () => {
          holdProfile = null;
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
