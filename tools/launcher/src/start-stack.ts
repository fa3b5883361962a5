import { rmSync } from 'node:fs';
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

  try {
    if (options.build)
      await buildProjects(ctx.root, projectsToBuild(ctx.root, plan.services), output);
    await stack.start();
    if (options.seed ?? true) await seedIfEmpty(ctx.mongoUri, ctx.dataDir);
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
