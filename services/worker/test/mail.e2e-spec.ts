import {
  ORDER_JOB_NAME,
  ORDER_QUEUE_NAMES,
  preflightMailItems,
  storedPreflightChecks,
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
import mongoose, { type Connection } from 'mongoose';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createWorkerApp } from '../src/app.factory';
import { loadWorkerConfig } from '../src/config/worker-config';
import { paidOrderFixture } from '../src/receipts/receipt-fixture';

let mongo: TestMongo;
let redis: TestRedis;
let db: Connection;
let dataDir: string;

beforeAll(async () => {
  [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  db = await mongoose.createConnection(mongo.uri).asPromise();
  dataDir = await mkdtemp(path.join(tmpdir(), 'mail-e2e-'));
});

afterAll(async () => {
  await db?.close();
  await Promise.all([mongo?.stop(), redis?.stop()]);
  await rm(dataDir, { recursive: true, force: true });
});

async function startWorker(
  env: Record<string, string>,
  host = '127.0.0.1',
): Promise<{ app: NestFastifyApplication; url: string; port: number }> {
  const app = await createWorkerApp(
    loadWorkerConfig({
      NODE_ENV: 'test',
      MONGODB_URI: mongo.uri,
      REDIS_URL: redis.url,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      ...env,
    }),
  );
  await app.listen({ port: 0, host });
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, port };
}

function waitForJob(queue: Queue, jobId: string): Promise<unknown> {
  return until(
    `job ${jobId}`,
    async () => {
      const state = await queue.getJobState(jobId);
      if (state === 'failed')
        throw new Error(`job ${jobId} failed: ${(await queue.getJob(jobId))?.failedReason}`);
      if (state !== 'completed') return undefined;
      return (await queue.getJob(jobId))?.returnvalue as unknown;
    },
    60_000,
  );
}

async function paidOrder(): Promise<string> {
  const order = paidOrderFixture();
  await db.collection('orders').insertOne(order);
  return order._id.toHexString();
}

/** This machine's first address that is not loopback (another machine would reach us there). */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

describe('the local outbox page', () => {
  it('is not served unless DEV_MAIL=true', async () => {
    const worker = await startWorker({});
    try {
      expect((await fetch(`${worker.url}/dev/mail`)).status).toBe(404);
      expect((await fetch(`${worker.url}/dev/mail/${'a'.repeat(24)}`)).status).toBe(404);
      expect((await fetch(`${worker.url}/dev/mail/${'a'.repeat(24)}/attachments/0`)).status).toBe(
        404,
      );
    } finally {
      await worker.app.close();
    }
  });

  // Needs a network interface besides loopback to call from.
  (outsideAddress ? it : it.skip)(
    'with DEV_MAIL=true, is served to this machine only, whatever X-Forwarded-For says',
    async () => {
      const worker = await startWorker({ DEV_MAIL: 'true' }, '0.0.0.0');
      try {
        expect((await fetch(`${worker.url}/dev/mail`)).status).toBe(200);
        const outside = `http://${outsideAddress ?? ''}:${worker.port}`;
        const spoofed = { headers: { 'x-forwarded-for': '127.0.0.1' } };
        expect((await fetch(`${outside}/dev/mail`, spoofed)).status).toBe(404);
        expect(
          (await fetch(`${outside}/dev/mail/${'a'.repeat(24)}/attachments/0`, spoofed)).status,
        ).toBe(404);
        expect((await fetch(`${outside}/dev/mail/${'a'.repeat(24)}`)).status).toBe(404);
      } finally {
        await worker.app.close();
      }
    },
  );
});

describe('mail queue, local outbox (no SMTP_URL)', () => {
  let worker: { app: NestFastifyApplication; url: string };
  let queue: Queue;
  beforeAll(async () => {
    worker = await startWorker({ DEV_MAIL: 'true' });
    queue = new Queue(ORDER_QUEUE_NAMES.mail, { connection: { url: redis.url } });
  });
  afterAll(async () => {
    await queue.close();
    await worker.app.close();
  });

  it('stores one message per job, however often it runs, and shows it on /dev/mail', async () => {
    const orderId = await paidOrder();
    const payload = { template: 'order-confirmation', to: 'dana@example.com', orderId };
    await queue.add(ORDER_JOB_NAME, payload, { jobId: 'outbox-mail-1' });
    expect(await waitForJob(queue, 'outbox-mail-1')).toEqual({ outcome: 'sent' });

    // The job run again (a retry after a crash): the outbox row stops a second message.
    const job = await queue.getJob('outbox-mail-1');
    await job?.retry('completed');
    await until('the re-run', async () =>
      (await job?.getState()) === 'completed' ? true : undefined,
    );
    expect(await waitForJob(queue, 'outbox-mail-1')).toEqual({ outcome: 'already-handled' });

    const rows = await db.collection('mail_outbox').find().toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      jobId: 'outbox-mail-1',
      to: 'dana@example.com',
      status: 'sent',
      transport: 'local',
    });

    const list = await fetch(`${worker.url}/dev/mail`);
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    expect(listHtml).toContain('dir="rtl"');
    expect(listHtml).toContain('תודה על ההזמנה!');
    const shown = await fetch(`${worker.url}/dev/mail/${String(rows[0]?._id)}`);
    expect(shown.headers.get('content-type')).toMatch(/text\/html/);
    expect(await shown.text()).toBe(rows[0]?.html);
    expect((await fetch(`${worker.url}/dev/mail/not-an-id`)).status).toBe(404);
  });

  it('retries an order confirmation until its receipt is issued, then attaches it', async () => {
    const orderId = await paidOrder();
    await queue.add(
      ORDER_JOB_NAME,
      { template: 'order-confirmation', to: 'dana@example.com', orderId },
      // Tries enough (9 s of them) that a busy machine writing the receipt below is not outrun.
      { jobId: 'outbox-mail-wait', attempts: 30, backoff: { type: 'fixed', delay: 300 } },
    );
    await until('a first try that waits', async () => {
      const job = await queue.getJob('outbox-mail-wait');
      return job && job.attemptsMade >= 1 ? job : undefined;
    });
    expect((await queue.getJob('outbox-mail-wait'))?.failedReason).toMatch(/not issued yet/);
    expect(await db.collection('mail_outbox').countDocuments({ jobId: 'outbox-mail-wait' })).toBe(
      0,
    );

    const { writeFile, mkdir } = await import('node:fs/promises');
    await mkdir(path.join(dataDir, 'receipts'), { recursive: true });
    await writeFile(path.join(dataDir, 'receipts', '501.pdf'), '%PDF-1.7 receipt 501');
    await db.collection('receipts').insertOne({
      orderId: new mongoose.Types.ObjectId(orderId),
      number: 501,
      provider: 'local',
      status: 'issued',
      issuedAt: new Date(),
      totalAgorot: 32840,
      vatAgorot: 3254,
      fileKey: 'receipts/501.pdf',
    });
    expect(await waitForJob(queue, 'outbox-mail-wait')).toEqual({ outcome: 'sent' });
    const row = await db.collection('mail_outbox').findOne({ jobId: 'outbox-mail-wait' });
    expect(row).toMatchObject({ attachments: ['receipt-501.pdf'] });

    // The local outbox lists the attachment (name, type, size) and serves it, so the receipt the
    // confirmation says is attached can be checked there.
    const id = String(row?._id);
    const list = await (await fetch(`${worker.url}/dev/mail`)).text();
    const link = `<a href="/dev/mail/${id}/attachments/0">receipt-501.pdf</a>`;
    expect(list).toContain(link);
    const listed = list.slice(list.indexOf(link), list.indexOf('</li>', list.indexOf(link)));
    expect(listed).toContain('application/pdf');
    expect(listed).toContain('20 בתים');
    const file = await fetch(`${worker.url}/dev/mail/${id}/attachments/0`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      "inline; filename*=UTF-8''receipt-501.pdf",
    );
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe('%PDF-1.7 receipt 501');
    for (const missing of ['1', '-1', 'x', '0.5'])
      expect((await fetch(`${worker.url}/dev/mail/${id}/attachments/${missing}`)).status).toBe(404);
    expect((await fetch(`${worker.url}/dev/mail/not-an-id/attachments/0`)).status).toBe(404);
  });

  it("holds an order's ready-for-pickup and shipping mail until its confirmation is sent", async () => {
    // Paid just now; its receipt not issued yet, so the confirmation waits (retries) for it.
    const order = { ...paidOrderFixture(), paidAt: new Date() };
    await db.collection('orders').insertOne(order);
    const orderId = order._id.toHexString();
    const to = 'dana@example.com';
    await queue.add(
      ORDER_JOB_NAME,
      { template: 'order-confirmation', to, orderId },
      // Its three tries that wait for the receipt span seconds: the check below falls inside them.
      { jobId: 'hold-confirmation', attempts: 20, backoff: { type: 'fixed', delay: 3000 } },
    );
    // A fast printer: the order is ready (and a parcel reported) before the confirmation went.
    // One attempt each: waiting for the confirmation must not use attempts up.
    await queue.add(
      ORDER_JOB_NAME,
      { template: 'ready-for-pickup', to, orderId },
      {
        jobId: 'hold-ready',
        attempts: 1,
      },
    );
    await queue.add(
      ORDER_JOB_NAME,
      { template: 'shipping-update', to, orderId, trackingNumbers: ['RR1IL'] },
      { jobId: 'hold-shipping', attempts: 1 },
    );
    await until('both later mails put off', async () => {
      const states = await Promise.all(
        ['hold-ready', 'hold-shipping'].map(async (id) => {
          const job = await queue.getJob(id);
          // Put off at least once: delayed now, or tried and back in the queue.
          return job && job.processedOn !== undefined ? await job.getState() : undefined;
        }),
      );
      return states.every((state) => state === 'delayed' || state === 'waiting') ? true : undefined;
    });
    expect(await db.collection('mail_outbox').countDocuments({ orderId })).toBe(0);

    const { writeFile, mkdir } = await import('node:fs/promises');
    await mkdir(path.join(dataDir, 'receipts'), { recursive: true });
    await writeFile(path.join(dataDir, 'receipts', '601.pdf'), '%PDF-1.7 receipt 601');
    await db.collection('receipts').insertOne({
      orderId: order._id,
      number: 601,
      provider: 'local',
      status: 'issued',
      issuedAt: new Date(),
      totalAgorot: 32840,
      vatAgorot: 3254,
      fileKey: 'receipts/601.pdf',
    });
    for (const id of ['hold-confirmation', 'hold-ready', 'hold-shipping'])
      expect(await waitForJob(queue, id)).toEqual({ outcome: 'sent' });

    const rows = await db
      .collection('mail_outbox')
      .find({ orderId })
      .sort({ createdAt: 1, _id: 1 })
      .toArray();
    expect(rows.map((row) => row.template)).toEqual([
      'order-confirmation',
      expect.stringMatching(/^(ready-for-pickup|shipping-update)$/),
      expect.stringMatching(/^(ready-for-pickup|shipping-update)$/),
    ]);
    // Each later mail was begun only after the confirmation was recorded sent.
    const confirmation = rows[0];
    for (const later of rows.slice(1))
      expect(later.createdAt.getTime()).toBeGreaterThanOrEqual(confirmation?.sentAt.getTime());
  });

  it('sends a later mail of an order never paid (no confirmation to wait for) at once', async () => {
    const order = { ...paidOrderFixture(), paidAt: null, status: 'pending' };
    await db.collection('orders').insertOne(order);
    const orderId = order._id.toHexString();
    await queue.add(
      ORDER_JOB_NAME,
      { template: 'shipping-update', to: 'dana@example.com', orderId, trackingNumbers: ['RR2IL'] },
      { jobId: 'unpaid-shipping', attempts: 1 },
    );
    expect(await waitForJob(queue, 'unpaid-shipping')).toEqual({ outcome: 'sent' });
  });

  it('sends a rejection with the preflight report and the admin’s reason in its section', async () => {
    // The job as the API's moderation queues it from a book's stored report.
    const stored = {
      status: 'failed',
      checkedAt: new Date(),
      checks: [
        {
          id: 'interior.fonts-embedded',
          status: 'fail',
          title: 'גופנים מוטמעים',
          measured: '2 גופנים לא מוטמעים',
          expected: 'כל הגופנים מוטמעים',
          explanation: 'בית הדפוס לא יכול להדפיס גופן שאינו בקובץ.',
          fix: 'לייצא שוב ל-PDF עם הטמעת הגופנים.',
        },
      ],
    };
    await queue.add(
      ORDER_JOB_NAME,
      {
        template: 'book-rejected',
        to: 'noa@example.com',
        bookId: new mongoose.Types.ObjectId().toHexString(),
        bookTitle: 'הים של תל אביב',
        authorName: 'נועה',
        report: preflightMailItems(storedPreflightChecks(stored)),
        reason: 'הכריכה מטושטשת',
      },
      { jobId: 'outbox-mail-rejected' },
    );
    expect(await waitForJob(queue, 'outbox-mail-rejected')).toEqual({ outcome: 'sent' });
    const row = await db.collection('mail_outbox').findOne({ jobId: 'outbox-mail-rejected' });
    for (const body of [String(row?.text), String(row?.html)]) {
      const section = body.indexOf('מה צריך לתקן');
      expect(section).toBeGreaterThan(-1);
      expect(body.indexOf('מה כתב צוות האתר: הכריכה מטושטשת')).toBeGreaterThan(section);
      expect(body.indexOf('גופנים מוטמעים')).toBeGreaterThan(section);
      expect(body).toContain('נכשל: נמדד: 2 גופנים לא מוטמעים');
      expect(body).toContain('איך מתקנים: לייצא שוב ל-PDF עם הטמעת הגופנים.');
    }
  });

  it('fails a job whose order does not exist without retrying', async () => {
    const payload = {
      template: 'order-confirmation',
      to: 'dana@example.com',
      orderId: new mongoose.Types.ObjectId().toHexString(),
    };
    await queue.add(ORDER_JOB_NAME, payload, { jobId: 'outbox-mail-missing', attempts: 3 });
    await until('the job to fail', async () =>
      (await queue.getJobState('outbox-mail-missing')) === 'failed' ? true : undefined,
    );
    const failed = await queue.getJob('outbox-mail-missing');
    expect(failed?.failedReason).toMatch(/not found/);
    // Unrecoverable at once: no waiting retries for a receipt of an order that does not exist.
    expect(failed?.stacktrace).toHaveLength(1);
    expect(
      await db.collection('mail_outbox').countDocuments({ jobId: 'outbox-mail-missing' }),
    ).toBe(0);
  });
});

describe('mail queue through SMTP (a real local SMTP server)', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let smtpPort: number;
  let worker: { app: NestFastifyApplication; url: string };
  let queue: Queue;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    worker = await startWorker({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      WORKER_CONCURRENCY: '2',
    });
    queue = new Queue(ORDER_QUEUE_NAMES.mail, { connection: { url: redis.url } });
  });
  afterAll(async () => {
    await queue.close();
    await worker.app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends a multipart message: Hebrew subject encoded, RTL HTML and text parts, receipt attached', async () => {
    const orderId = await paidOrder();
    // An issued local receipt for the order, as the receipts queue leaves it.
    const { writeFile, mkdir } = await import('node:fs/promises');
    await mkdir(path.join(dataDir, 'receipts'), { recursive: true });
    await writeFile(path.join(dataDir, 'receipts', '77.pdf'), '%PDF-1.7 receipt 77');
    await db.collection('receipts').insertOne({
      orderId: new mongoose.Types.ObjectId(orderId),
      number: 77,
      provider: 'local',
      status: 'issued',
      issuedAt: new Date(),
      totalAgorot: 32840,
      vatAgorot: 3254,
      fileKey: 'receipts/77.pdf',
    });
    await queue.add(
      ORDER_JOB_NAME,
      { template: 'order-confirmation', to: 'dana@example.com', orderId },
      { jobId: 'outbox-smtp-1' },
    );
    expect(await waitForJob(queue, 'outbox-smtp-1')).toEqual({ outcome: 'sent' });

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.to).toEqual(['dana@example.com']);
    expect(message?.from).toBe('no-reply@mechabrim.example');
    const raw = message?.raw ?? '';
    // Non-ASCII headers are RFC 2047 encoded words in UTF-8.
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
    const subjectLine = /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
    const decoded = subjectLine
      .split(/\s+/)
      .map((word) => {
        const encoded = /^=\?UTF-8\?([BQ])\?(.*)\?=$/i.exec(word);
        if (!encoded) return word;
        return encoded[1]?.toUpperCase() === 'B'
          ? Buffer.from(encoded[2] ?? '', 'base64').toString('utf8')
          : Buffer.from(
              (encoded[2] ?? '')
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                  String.fromCharCode(parseInt(hex, 16)),
                ),
              'latin1',
            ).toString('utf8');
      })
      .join('');
    expect(decoded).toContain('תודה על ההזמנה!');
    expect(raw).toMatch(/Content-Type: multipart\/mixed/i);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    expect(raw).toMatch(/Content-Type: application\/pdf; name=receipt-77\.pdf/i);
    const htmlPart =
      /Content-Type: text\/html; charset=utf-8\r\nContent-Transfer-Encoding: (\S+)\r\n\r\n([\s\S]*?)\r\n--/i.exec(
        raw,
      );
    const html =
      htmlPart?.[1]?.toLowerCase() === 'base64'
        ? Buffer.from(htmlPart[2] ?? '', 'base64').toString('utf8')
        : (htmlPart?.[2] ?? '')
            .replace(/=\r\n/g, '')
            .replace(/(=[0-9A-F]{2})+/gi, (run) =>
              Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
            );
    expect(html).toContain('<html dir="rtl" lang="he">');
    expect(html).toContain('חשבונית המס/קבלה מצורפת לאימייל הזה.');

    const row = await db.collection('mail_outbox').findOne({ jobId: 'outbox-smtp-1' });
    expect(row).toMatchObject({
      status: 'sent',
      transport: 'smtp',
      attachments: ['receipt-77.pdf'],
      // Through SMTP the row lists the file but does not keep it.
      attachmentFiles: [
        { filename: 'receipt-77.pdf', contentType: 'application/pdf', size: 19, content: null },
      ],
    });
    expect(row?.messageId).toMatch(/^<.+>$/);
  });
});
