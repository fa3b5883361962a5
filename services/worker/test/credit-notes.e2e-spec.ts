import { orderReference } from '@mechabrim/contracts';
import { startTestMongo, startTestRedis, type TestMongo, type TestRedis } from '@mechabrim/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import mongoose, { type Connection } from 'mongoose';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createWorkerApp } from '../src/app.factory';
import { loadWorkerConfig } from '../src/config/worker-config';
import { CreditNoteIssuer, CreditNoteRefusedError } from '../src/receipts/credit-note-issuer';
import { paidOrderFixture } from '../src/receipts/receipt-fixture';

const run = promisify(execFile);

let mongo: TestMongo;
let redis: TestRedis;
let db: Connection;
let dataDir: string;
let worker: NestFastifyApplication;
let issuer: CreditNoteIssuer;

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  db = await mongoose.createConnection(mongo.uri).asPromise();
  dataDir = await mkdtemp(path.join(tmpdir(), 'credit-notes-e2e-'));
  const config = loadWorkerConfig({
    NODE_ENV: 'test',
    MONGODB_URI: mongo.uri,
    REDIS_URL: redis.url,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WORKER_PORT: '0',
    DATA_DIR: dataDir,
  });
  worker = await createWorkerApp(config);
  // The issuer as another worker module (the refund step) gets it: exported by the receipts module.
  issuer = worker.get(CreditNoteIssuer);
});

afterAll(async () => {
  await worker?.close();
  await db?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
  await rm(dataDir, { recursive: true, force: true });
});

const creditNotes = () =>
  db.collection<{ refundRef: string; number: number; status: string }>('credit_notes');
const receipts = () =>
  db.collection<{ orderId: mongoose.Types.ObjectId; number: number }>('receipts');
const counter = async (series: string) =>
  (await db.collection('receipt_counters').findOne({ _id: series as never }))?.seq as
    number | undefined;

/** A paid order (328.40 ₪, card ending 4580), cancelled when asked: it was paid, then cancelled. */
async function order(options: { cancelled?: boolean } = {}): Promise<string> {
  const stored = paidOrderFixture();
  await db
    .collection('orders')
    .insertOne({ ...stored, ...(options.cancelled ? { status: 'cancelled' } : {}) });
  return stored._id.toHexString();
}

async function pdfText(file: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  // pdftotext wraps runs in directional embedding marks; the characters between are the test.
  return stdout.replace(/[\u202a-\u202e\u200e\u200f]/g, '').replace(/[ \t]+/g, ' ');
}

describe('credit notes (embedded MongoDB, real redis-server)', () => {
  it("issues a cancelled paid order's receipt first, then its credit note PDF, once per refund", async () => {
    const orderId = await order({ cancelled: true });
    expect(await receipts().countDocuments()).toBe(0);

    const first = await issuer.issue({
      orderId,
      refundRef: 'refund-1',
      amountAgorot: 31200,
      reason: 'cancellation',
    });
    expect(first).toEqual({ number: 1, created: true });
    // The receipt the note credits was owed and is issued first, in its own series.
    expect(
      await receipts().findOne({ orderId: new mongoose.Types.ObjectId(orderId) }),
    ).toMatchObject({ number: 1, status: 'issued' });
    expect(await creditNotes().findOne({ refundRef: 'refund-1' })).toMatchObject({
      number: 1,
      receiptNumber: 1,
      provider: 'local',
      status: 'issued',
      totalAgorot: 31200,
      // The rate in force today (18 %): 312 × 18/118 = 47.59.
      vatAgorot: 4759,
      reason: 'cancellation',
      fileKey: 'credit-notes/1.pdf',
    });

    const file = path.join(dataDir, 'credit-notes', '1.pdf');
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(file);
    expect(text).toMatch(/חשבונית זיכוי מספר\W*1\W*מקור/);
    expect(text).toContain('זיכוי לחשבונית מס/קבלה מס׳ 1');
    expect(text).toContain(`ביטול הזמנה ${orderReference(orderId)}`);
    expect(text).toContain('312');
    expect(text).toContain('47.59');

    // The refund step retried (or called twice): the same note, nothing new.
    expect(
      await issuer.issue({
        orderId,
        refundRef: 'refund-1',
        amountAgorot: 31200,
        reason: 'cancellation',
      }),
    ).toEqual({ number: 1, created: false });
    expect(await creditNotes().countDocuments({ refundRef: 'refund-1' })).toBe(1);
    expect(await counter('credit-note')).toBe(1);
  });

  it('numbers concurrent refunds 2..11 in their own series, one note for a refund asked for five times at once', async () => {
    const orderIds = await Promise.all(Array.from({ length: 10 }, () => order()));
    const answers = await Promise.all([
      ...orderIds.map((orderId, index) =>
        issuer.issue({
          orderId,
          refundRef: `refund-many-${index}`,
          amountAgorot: 8900,
          reason: 'return',
        }),
      ),
      // The first order's refund asked for again four more times, all at once.
      ...Array.from({ length: 4 }, () =>
        issuer.issue({
          orderId: orderIds[0] as string,
          refundRef: 'refund-many-0',
          amountAgorot: 8900,
          reason: 'return',
        }),
      ),
    ]);
    expect(answers.filter((answer) => answer.created)).toHaveLength(10);
    const sameRefund = new Set([answers[0], ...answers.slice(10)].map((answer) => answer?.number));
    expect(sameRefund.size).toBe(1);

    const numbers = (await creditNotes().find().toArray())
      .map((note) => note.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 11 }, (_, index) => index + 1));
    expect(await counter('credit-note')).toBe(11);
    // The receipts' series is untouched by the notes: one receipt per order, 1..11.
    expect(await counter('invoice-receipt')).toBe(11);
    expect(await creditNotes().countDocuments({ status: 'issued' })).toBe(11);
  });

  it('a note that fails writing its PDF keeps its number for the retry', async () => {
    const folder = path.join(dataDir, 'credit-notes');
    await rm(folder, { recursive: true, force: true });
    // A file where the folder should be: the local store cannot write (a real disk fault).
    await writeFile(folder, 'not a folder');
    const orderId = await order();
    const input = {
      orderId,
      refundRef: 'refund-disk',
      amountAgorot: 5000,
      reason: 'return' as const,
    };
    await expect(issuer.issue(input)).rejects.toThrow(/EEXIST|ENOTDIR/);
    expect(await creditNotes().findOne({ refundRef: 'refund-disk' })).toMatchObject({
      number: 12,
      status: 'issuing',
    });

    await rm(folder, { force: true });
    expect(await issuer.issue(input)).toEqual({ number: 12, created: true });
    expect(await creditNotes().findOne({ refundRef: 'refund-disk' })).toMatchObject({
      number: 12,
      status: 'issued',
      fileKey: 'credit-notes/12.pdf',
    });
  });

  it('refuses an unpaid order, a refund beyond what is left to credit, and uses no number', async () => {
    const unpaid = await order();
    await db
      .collection('orders')
      .updateOne(
        { _id: new mongoose.Types.ObjectId(unpaid) },
        { $set: { status: 'pending_payment', paidAt: null } },
      );
    await expect(
      issuer.issue({ orderId: unpaid, refundRef: 'r-unpaid', amountAgorot: 100, reason: 'return' }),
    ).rejects.toThrow(CreditNoteRefusedError);

    const paid = await order();
    await issuer.issue({
      orderId: paid,
      refundRef: 'r-part',
      amountAgorot: 30000,
      reason: 'return',
    });
    // 328.40 ₪ paid, 300 ₪ credited: 28.41 ₪ is more than is left.
    await expect(
      issuer.issue({ orderId: paid, refundRef: 'r-more', amountAgorot: 2841, reason: 'return' }),
    ).rejects.toThrow(CreditNoteRefusedError);
    await expect(
      issuer.issue({ orderId: paid, refundRef: 'r-zero', amountAgorot: 0, reason: 'return' }),
    ).rejects.toThrow(CreditNoteRefusedError);
    expect(await counter('credit-note')).toBe(13);
    expect(await creditNotes().countDocuments({ refundRef: { $in: ['r-unpaid', 'r-more'] } })).toBe(
      0,
    );
  });
});
