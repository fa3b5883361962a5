import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { oneConnectionAgent, sendWithin } from '@mechabrim/testing';
import { readRestAfterEarlyAnswers, type EarlyAnswerBounds } from './early-answers';

/**
 * A server whose `/refuse` reads the first chunk of a body and answers 400 — as a parser does that
 * stops at a bad file — leaving the rest unread and paused, as busboy leaves it.
 */
async function refusingServer(bounds?: EarlyAnswerBounds): Promise<FastifyInstance> {
  const app = Fastify();
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) =>
    done(null, undefined),
  );
  if (bounds) readRestAfterEarlyAnswers(app, bounds);
  app.post('/refuse', async (request, reply) => {
    await new Promise((resolve) => request.raw.once('data', resolve));
    request.raw.pause();
    return reply.code(400).send({ message: 'לא' });
  });
  app.get('/next', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const baseUrl = (app: FastifyInstance) => {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

const refusal = (bytes: number) => ({
  method: 'POST',
  path: '/refuse',
  headers: { 'content-type': 'application/octet-stream' },
  body: Buffer.alloc(bytes, 7),
});

describe('readRestAfterEarlyAnswers', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('without it, the rest of a refused body stalls the next request (the defect it fixes)', async () => {
    app = await refusingServer();
    const agent = oneConnectionAgent();
    try {
      expect((await sendWithin(baseUrl(app), agent, refusal(8 << 20), 5_000)).status).toBe(400);
      await expect(
        sendWithin(baseUrl(app), agent, { method: 'GET', path: '/next' }),
      ).rejects.toThrow(/no answer/);
    } finally {
      agent.destroy();
      app.server.closeAllConnections();
    }
  });

  it('reads the rest away, so the next request is answered', async () => {
    app = await refusingServer({});
    const agent = oneConnectionAgent();
    try {
      expect((await sendWithin(baseUrl(app), agent, refusal(8 << 20), 5_000)).status).toBe(400);
      const next = await sendWithin(baseUrl(app), agent, { method: 'GET', path: '/next' });
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('says Connection: close when the declared body is over the bound', async () => {
    app = await refusingServer({ maxBytes: 1 << 20 });
    const agent = oneConnectionAgent();
    try {
      const refused = await sendWithin(baseUrl(app), agent, refusal(4 << 20), 5_000);
      expect(refused.status).toBe(400);
      expect(refused.headers.connection).toBe('close');
      const next = await sendWithin(baseUrl(app), agent, { method: 'GET', path: '/next' });
      expect(next).toMatchObject({ status: 200, reusedSocket: false });
    } finally {
      agent.destroy();
    }
  });

  it('closes a connection whose rest stops arriving', async () => {
    app = await refusingServer({ idleMs: 200 });
    const { port } = new URL(baseUrl(app));
    const socket = connect(Number(port), '127.0.0.1');
    const closed = new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('close', () => resolve(received));
    });
    // Declares 1 MB, sends 64 KB and stops: the answer comes, then the stalled connection closes.
    socket.write(
      'POST /refuse HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\n' +
        'Content-Length: 1048576\r\n\r\n',
    );
    socket.write(Buffer.alloc(64 * 1024, 1));
    expect(await closed).toMatch(/^HTTP\/1\.1 400/);
  });
});
