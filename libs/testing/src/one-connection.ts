import { Agent, request } from 'node:http';

/** A request sent with `sendWithin`. */
export interface SentRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Written at once: the socket goes on sending it while an early answer may be on its way. */
  body?: Buffer;
}

export interface ConnectionAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Whether the request went on a connection an earlier request had used. */
  reusedSocket: boolean;
}

/**
 * A client holding at most one keep-alive connection: each request waits for the one before it
 * and goes on the same connection while the server keeps it open — how a browser tab, or a proxy's
 * pooled upstream connection, sends request after request.
 */
export function oneConnectionAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 1 });
}

/**
 * Sends `sent` to `baseUrl` through `agent`; rejects when no whole answer arrives within `withinMs`.
 * The deadline tells an answer from a connection left hanging (the fault these tests catch), not
 * fast from slow: it is generous, so a loaded test machine does not fail it.
 */
export function sendWithin(
  baseUrl: string,
  agent: Agent,
  sent: SentRequest,
  withinMs = 10_000,
): Promise<ConnectionAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(sent.path, baseUrl), {
      agent,
      method: sent.method,
      headers: {
        ...(sent.body ? { 'content-length': String(sent.body.length) } : {}),
        ...sent.headers,
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${sent.method} ${sent.path}: no answer within ${withinMs} ms`));
    }, withinMs);
    let answer: ConnectionAnswer | undefined;
    const settle = () => {
      clearTimeout(timer);
      if (answer) resolve(answer);
    };
    req.on('response', (res) => {
      answer = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: '',
        reusedSocket: req.reusedSocket,
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => answer && (answer.body += chunk));
      res.on('end', settle);
    });
    // A server that answered before the body was all sent may close the connection while the
    // client still writes (Fastify and @fastify/reply-from do): the answer came, so it counts.
    req.on('error', (error) => {
      if (answer) return settle();
      clearTimeout(timer);
      reject(error);
    });
    req.end(sent.body);
  });
}
