/**
 * Benchmark (issue 11): print preflight of a generated 300-page book — interior PDF (A5 with
 * bleed, embedded Hebrew font, an image every tenth page), its cover spread and cover image —
 * through the built worker (`services/worker/dist/main.js`, its own process, reading each PDF in
 * its sandboxed child as production does), beside a preflight of a 32-page book in the same run.
 * Reports the time from job added to report written, and the peak resident memory of the worker
 * and of its PDF reader children (sampled from /proc every 20 ms).
 *
 * Run: `npm run bench:preflight -w bench` (BENCH_PAGES=300; `--no-build` reuses
 * services/worker/dist). Target: ≤ 10 s for 300 pages.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  BOOK_QUEUE_NAMES,
  BOOK_UPLOADS_JOB,
  bookUploadJobId,
  type BookUploadsJob,
} from '@mechabrim/contracts';
import { getFreePort, startTestMongo, startTestRedis } from '@mechabrim/testing';
import { Queue } from 'bullmq';
import mongoose, { Types, type Connection } from 'mongoose';
import sharp from 'sharp';
import { stopChild } from './support/process';
import { coverPdf, interiorPdf, pngImage } from '@mechabrim/testing';

const root = path.resolve(__dirname, '../..');
const PAGES = Number(process.env.BENCH_PAGES ?? 300);
const TARGET_SECONDS = 10;

/** Resident memory of a process in MB (from /proc), 0 once it is gone. */
function rssMb(pid: number): number {
  try {
    const resident = readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1];
    return (Number(resident) * 4096) / (1024 * 1024);
  } catch {
    return 0;
  }
}

/** The children of a process (the worker's PDF readers). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number((stat.split(') ')[1] ?? '').split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * The worker's local store as the API leaves it after an upload: `${DATA_DIR}/files/<key>` with
 * the keys of libs/storage `bookFileKeys` (the library itself pulls in the server kit, which tsx
 * cannot load here).
 */
function localStore(dataDir: string) {
  return {
    keys: (bookId: string) => ({
      interior: `books/${bookId}/interior.pdf`,
      coverPdf: `books/${bookId}/cover.pdf`,
      coverImage: `books/${bookId}/cover-image`,
    }),
    async put(key: string, content: Buffer) {
      const file = path.join(dataDir, 'files', key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    },
  };
}
type LocalStore = ReturnType<typeof localStore>;

interface Round {
  label: string;
  seconds: number;
  workerPeakMb: number;
  readerPeakMb: number;
  status: string;
  failed: string[];
}

async function preflightRound(
  db: Connection,
  storage: LocalStore,
  queue: Queue,
  worker: ChildProcess,
  pages: number,
  label = '',
): Promise<Round> {
  const bookId = new Types.ObjectId();
  const keys = storage.keys(bookId.toHexString());
  const uploadId = randomUUID();
  const generated = Date.now();
  const interior = await interiorPdf({ pages, imageDpi: 300, imageEvery: 10 });
  await storage.put(keys.interior, interior);
  await storage.put(
    keys.coverPdf,
    await coverPdf({ pages, size: 'A5', paper: '80g', direction: 'rtl', spineText: pages >= 120 }),
  );
  await storage.put(
    keys.coverImage,
    await sharp(await pngImage(1600, 2400))
      .jpeg()
      .toBuffer(),
  );
  console.log(
    `  generated ${pages} pages (${(interior.length / 1024 / 1024).toFixed(1)} MB) in ${Date.now() - generated} ms`,
  );
  await db.collection('books').insertOne({
    _id: bookId,
    title: `ספר של ${pages} עמודים`,
    author: new Types.ObjectId(),
    category: 'רומן',
    price: 70,
    isAvailable: false,
    status: 'pending_approval',
    size: 'A5',
    readingFormat: 'rtl',
    paperType: '80g',
    printingType: 'bw',
    pages: null,
    files: { uploadId, pdf: keys.interior, coverPdf: keys.coverPdf, coverImage: keys.coverImage },
    preflight: { status: 'pending', uploadId, pages: null, checks: [], checkedAt: null },
  });

  const job: BookUploadsJob = { bookId: bookId.toHexString(), uploadId };
  let workerPeakMb = 0;
  let readerPeakMb = 0;
  const sampler = setInterval(() => {
    if (!worker.pid) return;
    workerPeakMb = Math.max(workerPeakMb, rssMb(worker.pid));
    for (const child of childrenOf(worker.pid)) readerPeakMb = Math.max(readerPeakMb, rssMb(child));
  }, 20);
  const started = Date.now();
  await queue.add(BOOK_UPLOADS_JOB, job, { jobId: bookUploadJobId(job) });
  type Reported = { preflight?: { status: string; checks: { id: string; status: string }[] } };
  let book: Reported | null;
  for (;;) {
    book = await db.collection<Reported>('books').findOne({ _id: bookId });
    if (book?.preflight && book.preflight.status !== 'pending') break;
    const state = await queue.getJobState(bookUploadJobId(job));
    if (state === 'failed') throw new Error(`preflight of ${pages} pages failed`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  return {
    label: `preflight, ${pages} pages${label}`,
    seconds,
    workerPeakMb: Math.round(workerPeakMb),
    readerPeakMb: Math.round(readerPeakMb),
    status: book.preflight?.status ?? '?',
    failed: (book.preflight?.checks ?? []).filter((c) => c.status !== 'pass').map((c) => c.id),
  };
}

async function main() {
  if (
    !process.argv.includes('--no-build') ||
    !existsSync(path.join(root, 'services/worker/dist/preflight-runner.js'))
  ) {
    const built = spawnSync('npx', ['nx', 'run', '@mechabrim/worker:build'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the worker did not build');
  }
  const [mongo, redis] = await Promise.all([startTestMongo(), startTestRedis()]);
  const db = await mongoose.createConnection(mongo.uri).asPromise();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-preflight-'));
  const storage = localStore(dataDir);
  const worker = spawn(process.execPath, [path.join(root, 'services/worker/dist/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      MONGODB_URI: mongo.uri,
      REDIS_URL: redis.url,
      WORKER_PORT: String(await getFreePort()),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const queue = new Queue(BOOK_QUEUE_NAMES.bookUploads, {
    connection: { url: redis.url, maxRetriesPerRequest: null },
  });
  const rounds: Round[] = [];
  try {
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the worker connects
    rounds.push(await preflightRound(db, storage, queue, worker, 32, ' (first job: cold worker)'));
    rounds.push(await preflightRound(db, storage, queue, worker, PAGES));
  } finally {
    await queue.close();
    await stopChild(worker);
    await db.close();
    await Promise.all([mongo.stop(), redis.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log('\nPrint preflight through the built worker (job added → report on the book)');
  console.table(
    rounds.map((r) => ({
      round: r.label,
      seconds: r.seconds.toFixed(2),
      'worker peak RSS (MB)': r.workerPeakMb,
      'PDF reader peak RSS (MB)': r.readerPeakMb,
      report: r.status,
      'not passed': r.failed.join(', ') || '—',
    })),
  );
  const main = rounds[rounds.length - 1];
  if (main && main.seconds > TARGET_SECONDS) {
    console.error(
      `✗ ${PAGES} pages took ${main.seconds.toFixed(2)} s (target ≤ ${TARGET_SECONDS} s)`,
    );
    process.exitCode = 1;
  } else {
    console.log(`✓ ${PAGES} pages within ${TARGET_SECONDS} s`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
