import { join, relative } from 'node:path';
import { formatBanner } from './banner';
import { buildProjects, projectsToBuild } from './build';
import { describeExit, Stack } from './stack';
import { withoutPassword } from './infra';
import { busyPortMessages } from './ports';
import { ConfigError, planStack, type StackPlan } from './plan';
import { prefixedConsole, type ExitInfo, type LineSink, type ManagedProcess } from './process';
import { demoAccounts, seedIfEmpty } from './seed';
import type { ServiceDefinition, ServiceLink, StackContext } from './types';

export interface LauncherOptions {
  env?: Readonly<Record<string, string | undefined>>;
  root?: string;
  /** Replaces the default application services (the launcher's own tests use fakes). */
  services?: readonly ServiceDefinition[];
  withoutInfra?: boolean;
  /** Run `nx run-many -t build` first (default true). */
  build?: boolean;
  /** Load the demo data into an empty database (default: SEED_DEMO_DATA is not "false"). */
  seed?: boolean;
  /** Launcher messages (default: stderr). */
  log?: (line: string) => void;
  /** Children's output (default: prefixed lines on stdout). */
  output?: LineSink;
  /** Time a service gets between SIGTERM and SIGKILL (default 10 s). */
  stopTimeoutMs?: number;
  /** Called with the stack once every service is ready. */
  onReady?: (stack: Stack) => void;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * How a run comes to an end: a signal, `npm start` ending, or a service that stops on its own.
 * `finished` resolves with the exit code.
 */
interface StopWatch {
  readonly finished: Promise<number>;
  readonly stopRequested: boolean;
  /** The build under way, which a stop request ends. */
  build: ManagedProcess | undefined;
  serviceStopped(name: string, info: ExitInfo): void;
  /** Stops listening for signals and for the parent going away. */
  release(): void;
}

function watchForStop(log: (line: string) => void): StopWatch {
  let finish: (code: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => (finish = resolve));
  let stopRequested = false;
  let build: ManagedProcess | undefined;
  const requestStop = (reason: string) => {
    stopRequested = true;
    log(`${reason}: stopping every service…`);
    void build?.stop();
    finish(0);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopRequested) {
      log(`${signal} again: killing everything now`);
      process.exit(130); // the exit hook SIGKILLs every process group still alive
    }
    requestStop(`${signal} received`);
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  // `npm start` runs us under `sh -c`; a SIGTERM sent to npm ends npm and the shell but never
  // reaches us. Being handed to another parent is the sign to stop.
  const parent = process.ppid;
  const parentWatch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(parentWatch);
    if (!stopRequested) requestStop('npm start ended');
  }, 500);
  parentWatch.unref();

  return {
    finished,
    get stopRequested() {
      return stopRequested;
    },
    get build() {
      return build;
    },
    set build(child) {
      build = child;
    },
    serviceStopped(name, info) {
      if (stopRequested) return;
      stopRequested = true;
      log(`${name} stopped unexpectedly (${describeExit(info)}): stopping every service`);
      finish(1);
    },
    release() {
      clearInterval(parentWatch);
      for (const signal of SIGNALS) process.off(signal, onSignal);
    },
  };
}

/** The plan, or null (said in the log) when the settings are wrong or a fixed port is taken. */
async function planToStart(
  env: NonNullable<LauncherOptions['env']>,
  options: LauncherOptions,
  log: (line: string) => void,
): Promise<StackPlan | null> {
  let plan: StackPlan;
  try {
    plan = await planStack({
      env,
      root: options.root,
      ephemeral: false,
      services: options.services,
      withoutInfra: options.withoutInfra,
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      log(error.message);
      return null;
    }
    throw error;
  }
  const busy = await busyPortMessages(plan.fixedPorts);
  if (busy.length > 0) {
    busy.forEach((message) => log(message));
    return null;
  }
  return plan;
}

/** Builds what the services run; returns early, the build stopped, when a stop is requested. */
async function buildServices(
  plan: StackPlan,
  output: LineSink,
  watch: StopWatch,
  log: (line: string) => void,
): Promise<void> {
  const projects = projectsToBuild(plan.ctx.root, plan.services);
  log(`Building ${projects.join(', ')} (Nx reuses what is up to date)…`);
  const building = buildProjects(
    plan.ctx.root,
    projects,
    output,
    (child) => (watch.build = child),
  ).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}. \`npm start -- --no-build\` runs what was built before.`, {
      cause: error,
    });
  });
  // A stop request ends the build; its rejection is expected then, not an error.
  building.catch(() => undefined);
  await Promise.race([building, watch.finished]);
  watch.build = undefined;
}

/** Loads the demo data into an empty database; `loading` is undefined until `start()`. */
function demoDataLoader(ctx: StackContext) {
  let loading: Promise<boolean> | undefined;
  return {
    start() {
      loading = seedIfEmpty(ctx.mongoUri, ctx.dataDir);
      loading.catch(() => undefined);
    },
    get loading() {
      return loading;
    },
  };
}

/** Waits for the demo data (or a stop) and says when it was loaded; a failed load throws. */
async function awaitDemoData(
  loading: Promise<boolean>,
  output: LineSink,
  finished: Promise<number>,
): Promise<void> {
  const seeded = loading.catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Loading the demo data failed (SEED_DEMO_DATA=false starts without it): ${reason}`,
      { cause: error },
    );
  });
  if ((await Promise.race([seeded, finished.then(() => 'stopped' as const)])) === true) {
    output('seed', 'loaded the demo data into the empty database', 'stdout');
  }
}

async function startBanner(plan: StackPlan, seedWanted: boolean, began: number): Promise<string> {
  const { ctx } = plan;
  return formatBanner({
    links: plan.services.flatMap((service) => service.links?.(ctx) ?? []),
    infrastructure: infrastructureLinks(plan),
    accounts: seedWanted ? await demoAccounts() : [],
    seconds: (Date.now() - began) / 1000,
  });
}

/**
 * `npm start`: builds, starts every service in dependency order, seeds an empty database, prints
 * the URLs and runs until a signal or a service that dies. Resolves with the exit code.
 */
export async function runLauncher(options: LauncherOptions = {}): Promise<number> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const began = Date.now();
  const watch = watchForStop(log);

  let stack: Stack | undefined;
  try {
    const plan = await planToStart(env, options, log);
    if (!plan) return 1;

    const names = ['build', 'seed', ...plan.services.map((service) => service.name)];
    const output = options.output ?? prefixedConsole(names);
    const { ctx } = plan;

    if (options.build ?? true) {
      await buildServices(plan, output, watch, log);
      if (watch.stopRequested) return 0;
    }

    const seedWanted = (options.seed ?? env.SEED_DEMO_DATA !== 'false') && Boolean(ctx.mongoUri);
    const demoData = demoDataLoader(ctx);

    stack = new Stack(
      plan.services,
      ctx,
      {
        output,
        stopTimeoutMs: options.stopTimeoutMs,
        onReady: (name) => {
          if (name === 'mongo' && seedWanted) demoData.start();
        },
        onUnexpectedExit: (name, info) => watch.serviceStopped(name, info),
      },
      plan.external,
    );
    if (seedWanted && plan.external.has('mongo')) demoData.start();

    const started = stack.start();
    started.catch(() => undefined);
    const outcome = await Promise.race([started.then(() => 'up' as const), watch.finished]);
    if (outcome !== 'up') return await watch.finished;
    if (demoData.loading) {
      await awaitDemoData(demoData.loading, output, watch.finished);
      if (watch.stopRequested) return await watch.finished;
    }

    log(await startBanner(plan, seedWanted, began));
    options.onReady?.(stack);
    return await watch.finished;
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await stack?.stop();
    watch.release();
  }
}

function infrastructureLinks({ ctx, mongo, redis }: StackPlan): ServiceLink[] {
  const data = (folder: string) => {
    const path = relative(ctx.root, join(ctx.dataDir, folder));
    return `, data in ${path.startsWith('..') ? join(ctx.dataDir, folder) : path}`;
  };
  const links: ServiceLink[] = [];
  if (mongo) {
    const where = mongo.kind === 'managed' ? data(mongo.service.dataFolder ?? 'mongo') : '';
    links.push({ label: 'MongoDB', url: `${ctx.mongoUri} (${mongo.description}${where})` });
  }
  if (redis) {
    links.push({
      label: 'Redis',
      url: `${withoutPassword(ctx.redisUrl)} (${redis.description}${redis.kind === 'managed' ? data('redis') : ''})`,
    });
  }
  return links;
}
