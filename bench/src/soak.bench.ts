/**
 * Soak (issue 21): ordinary reader traffic through the shell's edge — home, catalogue and book
 * pages, the cart page priced from its cookie, checkout creation — first alone, then with a bounded
 * share of hostile requests mixed in: refused uploads, oversize bodies, slow bodies that stop
 * half-way, malformed JSON, connections aborted mid-body, forged payment notifies and print
 * callbacks. Prints ordinary traffic's p50/p95/p99 for both runs, the hung requests (no answer
 * within 10 s: must be 0) and each process's resident memory at start and end.
 *
 * Exits 1 when a request hung, a hostile request got a 5xx, or ordinary traffic's p99 with the
 * hostile share is over twice its p99 without it.
 *
 * Run: `npm run bench:soak -w bench` after a build (`npx nx run-many -t build`).
 * SOAK_SECONDS (default 90) per run, SOAK_CONNECTIONS (default 8) ordinary connections,
 * SOAK_HOSTILE (default 2) hostile clients, each sending one hostile request at a time.
 */
import { connect } from 'node:net';
import { cartCookieValue } from '@mechabrim/cart-store';
import { startStack, type RunningStack } from '@mechabrim/launcher';
import {
  notPdfUploadForm,
  oneConnectionAgent,
  sendWithin,
  type SentRequest,
} from '@mechabrim/testing';
import {
  catalogueBooks,
  loadLine,
  loadWithLatencies,
  paymentCreateRequest,
  type LoadRequest,
} from './support/api-load';
import { rssMb } from './support/process';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 90);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 8);
const HOSTILE_CLIENTS = Number(process.env.SOAK_HOSTILE ?? 2);
/** An answer later than this is a hung request. */
const HUNG_MS = 10_000;
const MB = 1024 * 1024;

interface HostileTally {
  sent: number;
  answered: number;
  /** Closed by the server without an answer (allowed: a body it would not read). */
  closed: number;
  /** Bodies the client stopped sending half-way and then dropped (no answer expected). */
  abandoned: number;
  serverErrors: number;
  hung: number;
}

async function register(api: string, email: string, role: 'user' | 'author'): Promise<string> {
  const res = await fetch(`${api}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: role === 'author' ? 'סופרת עומס' : 'קורא עומס',
      email,
      password: 'Sefer#2024',
      role,
      agreeToTerms: true,
      ...(role === 'author' ? { agreeToAuthorsTerms: true } : {}),
    }),
  });
  if (res.status !== 201) throw new Error(`register ${email} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** Ordinary traffic: what readers' pages ask the edge for, in turn. */
function readerTraffic(books: { _id: string }[], buyerToken: string): () => LoadRequest {
  let n = 0;
  const bookAt = (k: number) => books[k % books.length]?._id ?? '';
  return (): LoadRequest => {
    const k = n++;
    switch (k % 6) {
      case 0:
        return { path: '/', headers: { accept: 'text/html' } };
      case 1:
        return { path: '/books', headers: { accept: 'text/html' } };
      case 2:
        return { path: `/book/${bookAt(k)}`, headers: { accept: 'text/html' } };
      case 3:
        return {
          path: '/cart',
          headers: {
            accept: 'text/html',
            cookie: `mb_cart=${cartCookieValue([
              { book: { _id: bookAt(k) }, quantity: 1 },
              { book: { _id: bookAt(k + 3) }, quantity: 2 },
            ])}`,
          },
        };
      case 4:
        return { path: `/api/books/${bookAt(k + 1)}` };
      default:
        return paymentCreateRequest({
          token: buyerToken,
          idempotencyKey: `soak-${process.pid}-${k}`,
          items: [{ id: bookAt(k), quantity: 1 }],
        });
    }
  };
}

/** Declares `declared` bytes, sends `sent` of them, waits `holdMs` and drops the connection. */
function abandonedBody(url: string, path: string, declared: number, sent: number, holdMs: number) {
  return new Promise<'answered' | 'closed'>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let answered = false;
    socket.on('data', () => (answered = true));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answered ? 'answered' : 'closed'));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${declared}\r\n\r\n{"text":"`,
    );
    socket.write(Buffer.alloc(sent, 0x61));
    setTimeout(() => socket.destroy(), holdMs).unref();
  });
}

/** One hostile client: sends hostile requests one after another until `until`. */
async function hostileClient(
  stack: RunningStack,
  authorToken: string,
  until: number,
  tally: HostileTally,
): Promise<void> {
  const edge = stack.urls.shell;
  const agent = oneConnectionAgent();
  const upload = await notPdfUploadForm(4 * MB);
  const kinds: (() => Promise<SentRequest | 'abandoned'>)[] = [
    async () => ({
      method: 'POST',
      path: '/api/books',
      headers: { authorization: `Bearer ${authorToken}`, 'content-type': upload.contentType },
      body: upload.body,
    }),
    async () => ({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(`{"email":"${'x'.repeat(3 * MB)}"}`),
    }),
    async () => ({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"email": "a@example.com", "password": '),
    }),
    async () => ({
      method: 'POST',
      path: '/api/payments/notify/simulator',
      headers: { 'content-type': 'application/json', 'x-simulator-signature': 'forged' },
      body: Buffer.from(JSON.stringify({ transactionId: 'tx-forged', status: 'approved' })),
    }),
    async () => ({
      method: 'POST',
      path: '/api/print/callback',
      headers: { 'content-type': 'application/json', 'lulu-hmac-sha256': 'forged' },
      body: Buffer.from(JSON.stringify({ id: 1, status: { name: 'SHIPPED' } })),
    }),
    async () => 'abandoned',
  ];
  let k = 0;
  try {
    while (Date.now() < until) {
      const next = await kinds[k++ % kinds.length]!();
      tally.sent += 1;
      if (next === 'abandoned') {
        // A slow body under the limit that stops half-way, then the connection dropped mid-body.
        const outcome = await abandonedBody(edge, '/api/auth/login', 600 * 1024, 100 * 1024, 1_500);
        tally[outcome === 'answered' ? 'answered' : 'abandoned'] += 1;
        continue;
      }
      try {
        const answer = await sendWithin(edge, agent, next, HUNG_MS);
        tally.answered += 1;
        if (answer.status >= 500) tally.serverErrors += 1;
      } catch (error) {
        if (String(error).includes('no answer')) tally.hung += 1;
        else tally.closed += 1;
      }
    }
  } finally {
    agent.destroy();
  }
}

function memoryLine(label: string, stack: RunningStack): Record<string, number> {
  const figures: Record<string, number> = {};
  for (const [name, pid] of Object.entries(stack.pids())) figures[name] = rssMb(pid);
  console.log(
    `${label.padEnd(10)} ${Object.entries(figures)
      .map(([name, mb]) => `${name} ${mb.toFixed(0)} MB`)
      .join(', ')}`,
  );
  return figures;
}

/** Runs both loads; true when the soak failed its bounds. */
async function soak(): Promise<boolean> {
  const stack = await startStack();
  try {
    const api = stack.urls.api;
    const buyer = await register(api, 'soak.buyer@example.com', 'user');
    const author = await register(api, 'soak.author@example.com', 'author');
    const books = await catalogueBooks(api);
    const load = { connections: CONNECTIONS, seconds: SECONDS, timeoutSeconds: HUNG_MS / 1000 };

    // Warm-up: the first pages compile the landing renderers and fill the caches.
    await loadWithLatencies(stack.urls.shell, { ...load, seconds: 5 }, readerTraffic(books, buyer));
    const start = memoryLine('RSS start', stack);

    const alone = await loadWithLatencies(stack.urls.shell, load, readerTraffic(books, buyer));
    const tally: HostileTally = {
      sent: 0,
      answered: 0,
      closed: 0,
      abandoned: 0,
      serverErrors: 0,
      hung: 0,
    };
    const until = Date.now() + SECONDS * 1000;
    const [mixed] = await Promise.all([
      loadWithLatencies(stack.urls.shell, load, readerTraffic(books, buyer)),
      ...Array.from({ length: HOSTILE_CLIENTS }, () => hostileClient(stack, author, until, tally)),
    ]);
    const end = memoryLine('RSS end', stack);

    const hung = alone.timeouts + mixed.timeouts + tally.hung;
    const ratio = mixed.p99 / Math.max(alone.p99, 1);
    console.log(
      `soak bench: ${SECONDS} s per run through the edge, ${CONNECTIONS} reader connections, ` +
        `${HOSTILE_CLIENTS} hostile clients`,
    );
    console.log(loadLine('readers alone', alone, 24));
    console.log(loadLine('readers beside hostile', mixed, 24));
    console.log(
      `hostile: ${tally.sent} sent, ${tally.answered} answered, ${tally.closed} closed by the ` +
        `server, ${tally.abandoned} abandoned half-way by the client, ${tally.serverErrors} ` +
        `answered 5xx, ${tally.hung} hung`,
    );
    console.log(`hung requests: ${hung}; p99 with hostile / without: ${ratio.toFixed(2)}×`);
    for (const name of Object.keys(end))
      console.log(`  ${name.padEnd(18)} ${start[name]?.toFixed(0)} → ${end[name]?.toFixed(0)} MB`);
    return hung > 0 || tally.serverErrors > 0 || mixed.errors > mixed.timeouts || ratio > 2;
  } finally {
    await stack.stop();
  }
}

async function main(): Promise<void> {
  if (await soak()) {
    console.error('soak bench FAILED: see the figures above');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
