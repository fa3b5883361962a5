import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { buildProjects, projectsToBuild } from './build';
import { planStack } from './plan';
import { OutputTail, prefixedConsole, type LineSink } from './process';
import { seedIfEmpty } from './seed';
import { describeExit, ServiceFailure, Stack } from './stack';

export interface StartStackOptions {
  /** Environment the services start with (default: process.env). Ports, URLs and data folder are always the stack's own. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Build with Nx first (default false: `npm test` builds once before the browser tests). */
  build?: boolean;
  /** Load the demo data (default true). */
  seed?: boolean;
  /**
   * A folder `prepareSeededData()` filled (default `STACK_SEED_FROM`): the stack starts from a copy
   * of it, demo data already in place before the API boots, instead of seeding after. Used only
   * with the embedded MongoDB server, whose data lives in the stack's folder.
   */
  seedFrom?: string;
  /** Children's output: kept quietly and shown when a service fails (default), or streamed with `STACK_LOGS=1`. */
  output?: LineSink;
  readyTimeoutMs?: number;
}

export type StackServiceName =
  | 'mongo'
  | 'redis'
  | 'api'
  | 'worker'
  | 'shell'
  | 'storefront'
  | 'checkout'
  | 'author-portal'
  | 'payment-simulator'
  | 'print-simulator';

export interface RunningStack {
  urls: {
    shell: string;
    storefront: string;
    checkout: string;
    authorPortal: string;
    api: string;
    worker: string;
    /** The local payment provider's origin (its hosted card page opens in the checkout's frame). */
    paymentSimulator: string;
    /** The local print partner's origin (Lulu-shaped `/print-jobs/`). */
    printSimulator: string;
  };
  mongoUri: string;
  redisUrl: string;
  dataDir: string;
  /** Stops every service and deletes the temporary data folder. */
  stop(): Promise<void>;
  /** Stops one service (e.g. a remote, to see the shell's fallback); the rest keep running. */
  stopService(name: StackServiceName): Promise<void>;
  /** Starts a stopped service again on the same port and waits until it is ready. */
  startService(name: StackServiceName): Promise<void>;
  /** The pid of each running service (benchmarks read their memory). */
  pids(): Partial<Record<StackServiceName, number>>;
}

/**
 * The whole local stack for browser tests: free ports for everything, a temporary data folder,
 * the embedded MongoDB (or `MONGODB_TEST_URI` with a fresh database), a private `redis-server`,
 * the demo data. Expects the projects built (`npm test` builds them) unless `build: true`.
 */
export async function startStack(options: StartStackOptions = {}): Promise<RunningStack> {
  const env = options.env ?? process.env;
  const plan = await planStack({ env, ephemeral: true });
  const { ctx } = plan;
  const tail = new OutputTail();
  const streaming =
    env.STACK_LOGS === '1'
      ? prefixedConsole(
          plan.services.map((service) => service.name),
          process.stderr,
        )
      : undefined;
  const output: LineSink =
    options.output ??
    ((service, line, stream) => {
      tail.sink(service, line, stream);
      streaming?.(service, line, stream);
    });

  let stopping = false;
  const stack = new Stack(
    plan.services,
    ctx,
    {
      output,
      readyTimeoutMs: options.readyTimeoutMs ?? 90_000,
      stopTimeoutMs: 5_000,
      onUnexpectedExit: (name, info) => {
        if (stopping) return;
        process.stderr.write(
          `[stack] ${name} stopped unexpectedly (${describeExit(info)}). Its last output:\n${tail.of(name)}\n`,
        );
      },
    },
    plan.external,
  );

  const stop = async () => {
    stopping = true;
    await stack.stop();
    rmSync(ctx.dataDir, { recursive: true, force: true });
    // A shared server (MONGODB_TEST_URI) keeps nothing of this stack either.
    if (plan.mongo?.kind === 'external') await dropDatabase(ctx.mongoUri);
  };

  const seed = options.seed ?? true;
  const seedFrom = options.seedFrom ?? env.STACK_SEED_FROM;
  // A copy of seeded files is the same demo data in milliseconds rather than seconds, and the API
  // builds its search index from it at boot rather than on its next poll.
  const seededByCopy = seed && !!seedFrom && plan.mongo?.kind === 'managed';
  try {
    if (options.build)
      await buildProjects(ctx.root, projectsToBuild(ctx.root, plan.services), output);
    if (seededByCopy) cpSync(seedFrom, ctx.dataDir, { recursive: true });
    await stack.start();
    if (seed && !seededByCopy) await seedIfEmpty(ctx.mongoUri, ctx.dataDir);
  } catch (error) {
    await stop();
    const message = error instanceof Error ? error.message : String(error);
    const logs =
      error instanceof ServiceFailure
        ? `\nLast output of ${error.service}:\n${tail.of(error.service)}`
        : '';
    throw new Error(`startStack failed: ${message}${logs}`, { cause: error });
  }

  const url = (name: StackServiceName) => `http://${ctx.host}:${ctx.ports[name]}`;
  return {
    urls: {
      shell: url('shell'),
      storefront: url('storefront'),
      checkout: url('checkout'),
      authorPortal: url('author-portal'),
      api: url('api'),
      worker: url('worker'),
      paymentSimulator: url('payment-simulator'),
      printSimulator: url('print-simulator'),
    },
    mongoUri: ctx.mongoUri,
    redisUrl: ctx.redisUrl,
    dataDir: ctx.dataDir,
    stop,
    stopService: (name) => stack.stopService(name),
    pids: () => stack.pids(),
    startService: (name) => stack.startService(name),
  };
}

/**
 * Seeds the demo data once into `folder` (the embedded MongoDB server's files, covers and print
 * files) for `startStack({ seedFrom })` to copy: a test run that starts many stacks seeds once.
 * The server is stopped before the files are copied, so the copy is what a clean stop left.
 */
export async function prepareSeededData(
  folder: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<void> {
  const plan = await planStack({ env, ephemeral: true, services: [] });
  if (plan.mongo?.kind !== 'managed')
    throw new Error('prepareSeededData: only the embedded MongoDB server keeps its data in files');
  const tail = new OutputTail();
  const mongoOnly = plan.services.filter((service) => service.name === 'mongo');
  const stack = new Stack(mongoOnly, plan.ctx, {
    output: tail.sink,
    readyTimeoutMs: 90_000,
    stopTimeoutMs: 5_000,
  });
  let failure: unknown = null;
  try {
    await stack.start();
    await seedIfEmpty(plan.ctx.mongoUri, plan.ctx.dataDir);
  } catch (error) {
    failure = error;
  } finally {
    await stack.stop();
  }
  try {
    if (failure !== null) {
      const message = failure instanceof Error ? failure.message : String(failure);
      throw new Error(`prepareSeededData failed: ${message}\n${tail.of('mongo')}`, {
        cause: failure,
      });
    }
    rmSync(folder, { recursive: true, force: true });
    cpSync(plan.ctx.dataDir, folder, { recursive: true });
  } finally {
    rmSync(plan.ctx.dataDir, { recursive: true, force: true });
  }
}

/** A fresh temporary folder for `prepareSeededData()`. */
export const seededDataFolder = () => mkdtempSync(join(tmpdir(), 'mechabrim-seeded-'));

async function dropDatabase(uri: string): Promise<void> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 2_000 });
  try {
    await client.connect();
    await client.db().dropDatabase();
  } catch {
    // The server is gone: nothing left to clean.
  } finally {
    await client.close().catch(() => undefined);
  }
}
