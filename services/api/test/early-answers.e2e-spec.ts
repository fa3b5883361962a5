// An early answer — the API refusing a request while its body is still arriving — must never
// leave the connection unusable: the next request on it is answered (issue: one author's refused
// upload froze the next request on the same keep-alive connection, and through the shell's edge,
// whose upstream connections to the API are shared, a stranger's page).
import type { Agent } from 'node:http';
import {
  notPdfUploadForm,
  oneConnectionAgent,
  sendWithin,
  type SentRequest,
} from '@mechabrim/testing';
import { registerUser, startCatalogueApi, type CatalogueApi } from './catalogue-fixture';

let ctx: CatalogueApi;
let author: string;
let reader: string;

beforeAll(async () => {
  ctx = await startCatalogueApi();
  author = (await registerUser(ctx.http, 'early.author@example.com', 'author', 'דנה לוי')).token;
  reader = (await registerUser(ctx.http, 'early.reader@example.com')).token;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const send = (agent: Agent, sent: SentRequest, withinMs?: number) =>
  sendWithin(ctx.api.baseUrl, agent, sent, withinMs);

/** A book upload refused by its interior's first bytes, with `restBytes` still to come. */
async function refusedUpload(restBytes: number): Promise<SentRequest> {
  const form = await notPdfUploadForm(restBytes);
  return {
    method: 'POST',
    path: '/api/books',
    headers: { authorization: `Bearer ${author}`, 'content-type': form.contentType },
    body: form.body,
  };
}

const nextRequests: SentRequest[] = [
  { method: 'GET', path: '/api/health' },
  {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ email: 'early.author@example.com', password: 'wrong' })),
  },
];

/** `bytes` of JSON-looking text: a body far over the API's 1 MB limit. */
const bigJson = (bytes: number) =>
  Buffer.from(`{"email":"a@example.com","password":"${'x'.repeat(bytes)}"}`);

const MB = 1024 * 1024;

/** Every kind of early answer, each to a body with megabytes still to come when it is sent. */
const earlyAnswers: [string, number, () => Promise<SentRequest>][] = [
  ['an upload refused by its content', 400, () => refusedUpload(8 * MB)],
  [
    'an upload without a token',
    401,
    async () => {
      const upload = await refusedUpload(8 * MB);
      return { ...upload, headers: { 'content-type': upload.headers?.['content-type'] ?? '' } };
    },
  ],
  [
    "a reader's upload",
    403,
    async () => {
      const upload = await refusedUpload(8 * MB);
      return {
        ...upload,
        headers: { ...upload.headers, authorization: `Bearer ${reader}` },
      };
    },
  ],
  [
    'JSON over the body limit',
    413,
    async () => ({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: bigJson(8 * MB),
    }),
  ],
  [
    'a body of a type no route reads',
    415,
    async () => ({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/x-unknown' },
      body: bigJson(8 * MB),
    }),
  ],
  [
    'a forged payment notify over the limit',
    413,
    async () => ({
      method: 'POST',
      path: '/api/payments/notify/simulator',
      headers: { 'content-type': 'application/json', 'x-simulator-signature': 'forged' },
      body: bigJson(4 * MB),
    }),
  ],
  [
    "a guest's donation over the limit",
    413,
    async () => ({
      method: 'POST',
      path: '/api/community/donations',
      headers: { 'content-type': 'application/json' },
      body: bigJson(4 * MB),
    }),
  ],
  [
    'a review over the limit',
    413,
    async () => ({
      method: 'POST',
      path: `/api/books/${'a'.repeat(24)}/comments`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${reader}` },
      body: bigJson(4 * MB),
    }),
  ],
  [
    'a forged print callback over the limit',
    413,
    async () => ({
      method: 'POST',
      path: '/api/print/callback',
      headers: { 'content-type': 'application/json', 'lulu-hmac-sha256': 'forged' },
      body: bigJson(4 * MB),
    }),
  ],
];

describe('an early answer, then more requests on the same connection', () => {
  it('a small refused upload is answered and the connection goes on', async () => {
    const agent = oneConnectionAgent();
    try {
      const refused = await send(agent, await refusedUpload(16 * 1024), 10_000);
      expect(refused.status).toBe(400);
      for (const next of nextRequests) {
        const answer = await send(agent, next);
        expect(answer.status).toBeLessThan(500);
        expect(answer.reusedSocket).toBe(true);
      }
    } finally {
      agent.destroy();
    }
  });

  it.each(earlyAnswers)(
    '%s (%i): the next requests on that connection are answered, not left hanging',
    async (_name, status, refusal) => {
      const agent = oneConnectionAgent();
      try {
        const refused = await send(agent, await refusal(), 10_000);
        expect(refused.status).toBe(status);
        expect(JSON.parse(refused.body).message).toMatch(/[\u0590-\u05FF]/);
        for (const next of nextRequests) {
          const answer = await send(agent, next);
          expect(answer.status).toBeLessThan(500);
        }
      } finally {
        agent.destroy();
      }
    },
  );
});
