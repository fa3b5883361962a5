import { Long, UUID } from 'bson';
import { startEmbeddedMongo, EmbeddedMongo } from '../server';
import { RawClient, opMsg, opQuery, replyDoc } from '../test-support/raw';

let server: EmbeddedMongo;
beforeAll(async () => {
  server = await startEmbeddedMongo({ port: 0 });
});
afterAll(() => server.stop());

async function roundTrip(c: RawClient, frame: Buffer) {
  c.send(frame);
  const f = await c.readFrame();
  if (!f) throw new Error('no reply');
  return replyDoc(f);
}

describe('wire protocol', () => {
  it('answers the legacy OP_QUERY handshake with OP_REPLY and advertises no compression', async () => {
    const c = await RawClient.connect(server.port);
    const id = c.nextId();
    const r = await roundTrip(
      c,
      opQuery(id, 'admin.$cmd', {
        isMaster: 1,
        helloOk: true,
        compression: ['zstd', 'snappy', 'zlib'],
      }),
    );
    expect(r.opCode).toBe(1);
    expect(r.responseTo).toBe(id);
    expect(r.doc).toMatchObject({
      ok: 1,
      ismaster: true,
      helloOk: true,
      setName: 'rs0',
      maxWireVersion: expect.any(Number),
    });
    expect(r.doc.compression).toBeUndefined();
    c.close();
  });

  it('reports a single-node replica set primary over OP_MSG', async () => {
    const c = await RawClient.connect(server.port);
    const r = await roundTrip(c, opMsg(c.nextId(), { hello: 1, $db: 'admin' }));
    expect(r.opCode).toBe(2013);
    expect(r.doc).toMatchObject({
      ok: 1,
      isWritablePrimary: true,
      setName: 'rs0',
      hosts: [`127.0.0.1:${server.port}`],
      primary: `127.0.0.1:${server.port}`,
      logicalSessionTimeoutMinutes: 30,
    });
    c.close();
  });

  it('merges kind-1 document sequences into the command and honours the checksum flag', async () => {
    const c = await RawClient.connect(server.port);
    const ins = await roundTrip(
      c,
      opMsg(
        c.nextId(),
        { insert: 'seq', $db: 'wire' },
        { sequences: [['documents', [{ _id: 1 }, { _id: 2 }, { _id: 3 }]]], checksum: true },
      ),
    );
    expect(ins.doc).toEqual({ n: 3, ok: 1 });
    const found = await roundTrip(
      c,
      opMsg(c.nextId(), { find: 'seq', filter: {}, sort: { _id: -1 }, $db: 'wire' }),
    );
    expect(found.doc.cursor.firstBatch).toEqual([{ _id: 3 }, { _id: 2 }, { _id: 1 }]);
    c.send(opMsg(c.nextId(), { ping: 1, $db: 'admin' }, { checksum: 'bad' }));
    expect(await c.waitClosed()).toBe(true);
  });

  it('sends no reply when moreToCome is set, but applies the write', async () => {
    const c = await RawClient.connect(server.port);
    c.send(
      opMsg(c.nextId(), { insert: 'w0', documents: [{ _id: 'x' }], $db: 'wire' }, { flags: 2 }),
    );
    const r = await roundTrip(c, opMsg(c.nextId(), { count: 'w0', $db: 'wire' }));
    expect(r.doc).toEqual({ n: 1, ok: 1 });
    c.close();
  });

  it('answers CommandNotFound for unknown commands', async () => {
    const c = await RawClient.connect(server.port);
    const r = await roundTrip(c, opMsg(c.nextId(), { frobnicate: 1, $db: 'admin' }));
    expect(r.doc).toMatchObject({ ok: 0, code: 59, codeName: 'CommandNotFound' });
    c.close();
  });

  it('closes only the connection that sends an oversized or malformed frame', async () => {
    const healthy = await RawClient.connect(server.port);
    const big = await RawClient.connect(server.port);
    const header = Buffer.alloc(16);
    header.writeInt32LE(48_000_001, 0);
    header.writeInt32LE(1, 4);
    header.writeInt32LE(2013, 12);
    big.send(header);
    expect(await big.waitClosed()).toBe(true);

    const bad = await RawClient.connect(server.port);
    const frame = opMsg(1, { ping: 1, $db: 'admin' });
    frame.writeInt32LE(0x7fffffff, 21); // body document claims a huge size
    bad.send(frame);
    expect(await bad.waitClosed()).toBe(true);

    const unknownOp = await RawClient.connect(server.port);
    const op = opMsg(1, { ping: 1, $db: 'admin' });
    op.writeInt32LE(2012, 12); // OP_COMPRESSED was never negotiated
    unknownOp.send(op);
    expect(await unknownOp.waitClosed()).toBe(true);

    const r = await roundTrip(healthy, opMsg(healthy.nextId(), { ping: 1, $db: 'admin' }));
    expect(r.doc).toEqual({ ok: 1 });
    healthy.close();
  });

  it('opens a change stream whose getMore waits for maxTimeMS, then answers a resume token', async () => {
    const c = await RawClient.connect(server.port);
    const opened = await roundTrip(
      c,
      opMsg(c.nextId(), {
        aggregate: 'outbox',
        pipeline: [{ $changeStream: {} }],
        cursor: {},
        $db: 'wire',
      }),
    );
    expect(opened.doc).toMatchObject({ ok: 1, cursor: { firstBatch: [], ns: 'wire.outbox' } });
    const cursor = opened.doc.cursor as { id: number; postBatchResumeToken: { _data: string } };
    const id = Long.fromNumber(cursor.id);
    expect(cursor.id).not.toBe(0);
    expect(typeof cursor.postBatchResumeToken._data).toBe('string');
    const started = Date.now();
    const more = await roundTrip(
      c,
      opMsg(c.nextId(), { getMore: id, collection: 'outbox', maxTimeMS: 200, $db: 'wire' }),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(more.doc).toMatchObject({ ok: 1, cursor: { nextBatch: [] } });
    const killed = await roundTrip(
      c,
      opMsg(c.nextId(), { killCursors: 'outbox', cursors: [id], $db: 'wire' }),
    );
    expect(killed.doc).toMatchObject({ ok: 1, cursorsKilled: [cursor.id] });
    c.close();
  });

  it('executes a retried write (same lsid and txnNumber) only once', async () => {
    const c = await RawClient.connect(server.port);
    const lsid = { id: new UUID() };
    const cmd = {
      insert: 'retry',
      documents: [{ v: 1 }],
      lsid,
      txnNumber: Long.fromNumber(1),
      $db: 'wire',
    };
    const first = await roundTrip(c, opMsg(c.nextId(), cmd));
    const retry = await roundTrip(c, opMsg(c.nextId(), cmd));
    expect(first.doc).toEqual({ n: 1, ok: 1 });
    expect(retry.doc).toEqual({ n: 1, ok: 1 });
    const next = await roundTrip(c, opMsg(c.nextId(), { ...cmd, txnNumber: Long.fromNumber(2) }));
    expect(next.doc.n).toBe(1);
    const count = await roundTrip(c, opMsg(c.nextId(), { count: 'retry', $db: 'wire' }));
    expect(count.doc.n).toBe(2);
    c.close();
  });
});

describe('a partial frame left idle', () => {
  // The pieces below arrive 100 ms apart, well inside the timeout, so the test holds when a busy
  // machine delays this process's timers by a second or more: with a 300 ms timeout, a stall of
  // 200 ms let the server's timer fire before it read the next piece (a CI run failed so).
  const TIMEOUT_MS = 1_500;
  const PIECE_GAP_MS = 100;
  let quick: EmbeddedMongo;
  beforeAll(async () => {
    quick = await startEmbeddedMongo({ port: 0, partialFrameTimeoutMs: TIMEOUT_MS });
  });
  afterAll(() => quick.stop());

  it('closes the connection after the timeout, while a connection that keeps sending stays open', async () => {
    const stalled = await RawClient.connect(quick.port);
    const frame = opMsg(stalled.nextId(), { ping: 1, $db: 'admin' });
    stalled.send(frame.subarray(0, 10));
    expect(await stalled.waitClosed(TIMEOUT_MS * 10)).toBe(true);

    // A frame that arrives slowly, each piece before the timeout and the whole frame well after
    // it, is answered: the idle clock starts again with every piece.
    const slow = await RawClient.connect(quick.port);
    const slowFrame = opMsg(slow.nextId(), { ping: 1, $db: 'admin' });
    const slowStarted = Date.now();
    for (let at = 0; at < slowFrame.length; at += 2) {
      slow.send(slowFrame.subarray(at, at + 2));
      await new Promise((resolve) => setTimeout(resolve, PIECE_GAP_MS));
    }
    // A busy machine can only make this longer.
    expect(Date.now() - slowStarted).toBeGreaterThan(TIMEOUT_MS);
    const reply = await slow.readFrame();
    expect(slow.closed).toBe(false);
    expect(reply && replyDoc(reply).doc).toEqual({ ok: 1 });

    // An idle connection with no partial frame is not closed, however long past the timeout.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + 500));
    expect(slow.closed).toBe(false);
    slow.close();
  }, 60_000);
});
