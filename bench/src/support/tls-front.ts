import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyHttpProxy from '@fastify/http-proxy';
import fastify from 'fastify';

/**
 * A TLS front like production's (docs/deployment.md: the host's proxy or the Ingress ends TLS and
 * speaks HTTP/2 to browsers, HTTP/1.1 to the edge servers behind it), for a bench to load pages
 * the way readers get them. Lighthouse's simulation models the two protocols differently: over
 * HTTP/1.1 each request after the sixth to one origin waits for a connection and every request
 * costs a round trip; over HTTP/2 they share one connection. Fastify's HTTP/2 server and
 * @fastify/http-proxy (the edge's own proxy), with a self-signed certificate for `localhost` made by
 * `openssl`; the browser must be started with `--ignore-certificate-errors`.
 */
export interface TlsFront {
  /** `https://localhost:<port>`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

let certificate: { key: Buffer; cert: Buffer } | undefined;

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  if (certificate) return certificate;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mb-bench-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    certificate = {
      key: readFileSync(path.join(dir, 'key.pem')),
      cert: readFileSync(path.join(dir, 'cert.pem')),
    };
    return certificate;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Serves `upstream` (an http URL; its origin is used) over TLS and HTTP/2 on a free port. */
export async function startTlsFront(upstream: string): Promise<TlsFront> {
  const app = fastify({
    http2: true,
    https: { allowHTTP1: true, ...selfSignedCertificate() },
  });
  await app.register(fastifyHttpProxy, { upstream: new URL(upstream).origin });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the TLS front has no port');
  return { url: `https://localhost:${address.port}`, close: () => app.close() };
}
