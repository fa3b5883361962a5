// One client's refused body never freezes another's request: through the shell's edge, whose
// upstream connections to the API are shared by every client, and on the edge's own connections.
// (No browser: these are the HTTP exchanges a browser would make, on the real built stack.)
import type { Agent } from 'node:http';
import { startStack, type RunningStack } from '@mechabrim/launcher';
import {
  notPdfUploadForm,
  oneConnectionAgent,
  sendWithin,
  type SentRequest,
} from '@mechabrim/testing';

const MB = 1024 * 1024;
let stack: RunningStack;
let authorToken: string;

beforeAll(async () => {
  stack = await startStack({ seed: false });
  const registered = await fetch(`${stack.urls.api}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'רות אלון',
      email: 'early.edge@example.com',
      password: 'Sefer#2024',
      role: 'author',
      agreeToTerms: true,
      agreeToAuthorsTerms: true,
    }),
  });
  expect(registered.status).toBe(201);
  authorToken = ((await registered.json()) as { token: string }).token;
});

afterAll(async () => {
  await stack?.stop();
});

/** What a reader's page asks the edge for, each to be answered within a second. */
const readerRequests: SentRequest[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/books?limit=2' },
  { method: 'GET', path: '/api/books/categories' },
  {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ email: 'nobody@example.com', password: 'wrong-one' })),
  },
];

async function refusedUpload(restBytes: number): Promise<SentRequest> {
  const form = await notPdfUploadForm(restBytes);
  return {
    method: 'POST',
    path: '/api/books',
    headers: { authorization: `Bearer ${authorToken}`, 'content-type': form.contentType },
    body: form.body,
  };
}

/**
 * Sends a request the server will refuse before its body has all arrived: its answer's status, or
 * 'closed' when the server closed the connection instead (allowed: Fastify does that past a body
 * limit, and a reset may reach the client before the answer does).
 */
async function refuse(agent: Agent, sent: SentRequest): Promise<number | 'closed'> {
  try {
    return (await sendWithin(stack.urls.shell, agent, sent, 10_000)).status;
  } catch (error) {
    if (/EPIPE|ECONNRESET/.test(String(error))) return 'closed';
    throw error;
  }
}

async function answeredInTime(agent: Agent, requests: SentRequest[]) {
  for (const sent of requests) {
    const answer = await sendWithin(stack.urls.shell, agent, sent);
    expect(answer.status).toBeLessThan(500);
  }
}

describe('an early answer through the edge', () => {
  it("an author's refused upload leaves every other client's requests answered", async () => {
    let author = oneConnectionAgent();
    const others = Array.from({ length: 3 }, oneConnectionAgent);
    try {
      for (let round = 0; round < 3; round += 1) {
        // 400, or a connection closed while the body was still being written (EPIPE on a
        // loaded machine; allowed, as in `refuse`): either way the others must be answered.
        const refused = await refuse(author, await refusedUpload(8 * MB));
        expect([400, 'closed']).toContain(refused);
        if (refused === 'closed') {
          author.destroy();
          author = oneConnectionAgent();
        }
        // The author's own connection goes on too.
        await answeredInTime(author, readerRequests.slice(0, 1));
        for (const other of others) await answeredInTime(other, readerRequests);
      }
    } finally {
      [author, ...others].forEach((agent) => agent.destroy());
    }
  });

  it.each([
    ['a page path that takes no body', '/books', 'application/json'],
    ['an API body over its limit', '/api/auth/login', 'application/json'],
  ])('%s: the next request on the same connection is answered', async (_name, path, type) => {
    const agent = oneConnectionAgent();
    try {
      const refused = await refuse(agent, {
        method: 'POST',
        path,
        headers: { 'content-type': type },
        body: Buffer.from(`{"text":"${'x'.repeat(6 * MB)}"}`),
      });
      expect(refused === 'closed' || (refused >= 400 && refused < 500)).toBe(true);
      await answeredInTime(agent, readerRequests);
    } finally {
      agent.destroy();
    }
  });
});
