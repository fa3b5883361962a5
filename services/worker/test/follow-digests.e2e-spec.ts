import {
  FOLLOW_DIGEST_JOB,
  FOLLOW_QUEUE_NAMES,
  ORDER_QUEUE_NAMES,
  newBooksMailJobId,
} from '@mechabrim/contracts';
import {
  startTestMongo,
  startTestRedis,
  type TestMongo,
  type TestRedis,
  until,
} from '@mechabrim/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import mongoose, { Types, type Connection } from 'mongoose';
import { createHash } from 'node:crypto';
import { startTestWorker } from './worker-app';

/**
 * The daily new-books mail of followed authors (issue 24): the real worker, MongoDB and Redis,
 * mail written to the local outbox.
 */
describe('the new-books mail of followed authors', () => {
  let mongo: TestMongo;
  let redis: TestRedis;
  let db: Connection;
  let worker: NestFastifyApplication;
  let digests: Queue;
  let mail: Queue;

  const day = '2026-03-10';
  // 10:00 in Israel on that day, and the evening before (another day's book).
  const onDay = new Date('2026-03-10T08:00:00Z');
  const dayBefore = new Date('2026-03-09T20:00:00Z');

  const ids = {
    amos: new Types.ObjectId(),
    lea: new Types.ObjectId(),
    dana: new Types.ObjectId(),
    unverified: new Types.ObjectId(),
    unsubscribed: new Types.ObjectId(),
  };

  beforeAll(async () => {
    [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
    db = await mongoose.createConnection(mongo.uri).asPromise();
    const user = (id: Types.ObjectId, name: string, extra: Record<string, unknown> = {}) => ({
      _id: id,
      name,
      email: `${name.length}-${id.toHexString()}@example.com`,
      passwordHash: 'x',
      role: 'user',
      deletedAt: null,
      ...extra,
    });
    await db.collection('users').insertMany([
      user(ids.amos, 'עמוס', { role: 'author' }),
      user(ids.lea, 'לאה', { role: 'author' }),
      // Dana's account is older than verification: it counts as verified.
      user(ids.dana, 'דנה'),
      user(ids.unverified, 'יוסי', { emailVerified: false }),
      user(ids.unsubscribed, 'רות', { emailVerified: true, followMails: false }),
    ]);
    const book = (title: string, author: Types.ObjectId, listed: Date) => ({
      _id: new Types.ObjectId(),
      title,
      author,
      authorName: author.equals(ids.amos) ? 'עמוס' : 'לאה',
      isAvailable: true,
      approvalStatus: 'approved',
      firstListedAt: listed,
      deletedAt: null,
    });
    await db
      .collection('books')
      .insertMany([
        book('סיפור על אהבה <וחושך>', ids.amos, onDay),
        book('מיכאל שלי', ids.amos, new Date(onDay.getTime() + 3600_000)),
        book('ספר של אתמול', ids.amos, dayBefore),
        book('הספר של לאה', ids.lea, onDay),
      ]);
    await db.collection('author_follows').insertMany(
      [ids.dana, ids.unverified, ids.unsubscribed].map((reader) => ({
        user: reader,
        author: ids.amos,
        createdAt: new Date(),
        updatedAt: new Date(),
      })),
    );
    ({ app: worker } = await startTestWorker({ mongoUri: mongo.uri, redisUrl: redis.url }));
    digests = new Queue(FOLLOW_QUEUE_NAMES.followDigests, { connection: { url: redis.url } });
    mail = new Queue(ORDER_QUEUE_NAMES.mail, { connection: { url: redis.url } });
  });

  afterAll(async () => {
    await digests?.close();
    await mail?.close();
    await worker?.close();
    await db?.close();
    await Promise.all([mongo?.stop(), redis?.stop()]);
  });

  async function runDigest(jobId: string): Promise<{ mailed: number; books: number }> {
    await digests.add(FOLLOW_DIGEST_JOB, { day }, { jobId });
    return until(
      `digest ${jobId}`,
      async () => {
        const state = await digests.getJobState(jobId);
        if (state === 'failed') throw new Error((await digests.getJob(jobId))?.failedReason);
        return state === 'completed'
          ? ((await digests.getJob(jobId))?.returnvalue as { mailed: number; books: number })
          : undefined;
      },
      60_000,
    );
  }

  const danasMail = () =>
    until(
      "Dana's mail",
      async () =>
        (await db
          .collection('mail_outbox')
          .findOne({ jobId: newBooksMailJobId(ids.dana.toHexString(), day), status: 'sent' })) ??
        undefined,
      60_000,
    );

  it("mails a verified follower once, grouping the day's new books of the authors followed", async () => {
    const totals = await runDigest('digest-1');
    expect(totals).toMatchObject({ books: 3, mailed: 1 });
    const sent = await danasMail();
    expect(sent.template).toBe('new-books');
    const text = String(sent.text);
    expect(text).toContain('סיפור על אהבה <וחושך>');
    expect(text).toContain('מיכאל שלי');
    // Not the day before's book, nor a book by an author Dana does not follow.
    expect(text).not.toContain('ספר של אתמול');
    expect(text).not.toContain('הספר של לאה');
    // The title is escaped in the HTML part.
    expect(String(sent.html)).toContain('סיפור על אהבה &lt;וחושך&gt;');
    expect(String(sent.html)).toContain('dir="rtl"');

    // The unsubscribe link's token is Dana's, and only its hash is stored.
    const token = /\/unsubscribe#token=([\w-]{43})/.exec(text)?.[1];
    expect(token).toBeDefined();
    const stored = await db.collection('account_tokens').findOne({
      tokenHash: createHash('sha256')
        .update(token ?? '')
        .digest('hex'),
    });
    expect(stored).toMatchObject({ purpose: 'follow-unsubscribe', user: ids.dana });

    // Nobody unverified or unsubscribed got one.
    expect(await db.collection('mail_outbox').countDocuments({ template: 'new-books' })).toBe(1);
  });

  it('sends nothing more when the same day runs again', async () => {
    await danasMail();
    const again = await runDigest('digest-2');
    expect(again).toMatchObject({ books: 3, mailed: 0 });
    expect(await db.collection('mail_outbox').countDocuments({ template: 'new-books' })).toBe(1);
  });
});
