import { accessSync, constants, mkdtempSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { chooseMongo, chooseRedis, type InfraChoice } from './infra';
import { getFreePort } from '@mechabrim/testing';
import type { FixedPort } from './ports';
import { APP_SERVICES } from './services';
import type { ServiceDefinition, StackContext } from './types';

/** The repository root (this file is tools/launcher/src/plan.ts). */
export const REPO_ROOT = resolve(__dirname, '../../..');

type Env = Readonly<Record<string, string | undefined>>;

export interface PlanInput {
  env: Env;
  root?: string;
  /** `startStack()`: free ports everywhere, a temporary data folder, nothing kept. */
  ephemeral: boolean;
  /** Replaces the default application services (tests use lightweight fakes). */
  services?: readonly ServiceDefinition[];
  /** Leave MongoDB and Redis out (fake stacks in tests). */
  withoutInfra?: boolean;
}

export interface StackPlan {
  services: ServiceDefinition[];
  ctx: StackContext;
  /** Names other services may depend on that run outside the stack. */
  external: Set<string>;
  /** Fixed ports `npm start` needs free, with the variable that moves each. */
  fixedPorts: FixedPort[];
  mongo?: InfraChoice;
  redis?: InfraChoice;
}

export class ConfigError extends Error {}

/** Reads a port variable: an integer from 1 to 65535, or the default when unset. */
export function readPort(env: Env, variable: string, fallback: number): number {
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new ConfigError(`${variable} must be a port number from 1 to 65535, got "${raw}"`);
  }
  return port;
}

function onPath(name: string, env: Env): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** Variables that point the shell at a remote elsewhere (services/edge's runtime config). */
const REMOTE_URL_VARIABLES = [
  'STOREFRONT_REMOTE_URL',
  'CHECKOUT_REMOTE_URL',
  'AUTHOR_PORTAL_REMOTE_URL',
  'PUBLIC_STORE_URL',
  'PUBLIC_PORTAL_URL',
  'PUBLIC_HOST',
];

/**
 * The API, the worker and the payment simulator share its secret (a fresh one per stack unless
 * set): the API checks the simulator's notify and asks its amount lock with it, the worker signs
 * its refunds (credits on the simulator's Tranzila-shaped API) with it. Both learn the simulator's
 * address; the API learns the shop's origin the payment frame returns to. Every child gets this
 * same environment.
 */
function paymentSimulatorEnv(
  ports: Readonly<Record<string, number>>,
  origin: (name: string) => string,
  keep: (variable: string, computed: string) => string,
): Env {
  if (!ports['payment-simulator']) return {};
  return {
    PAYMENT_SIMULATOR_URL: keep('PAYMENT_SIMULATOR_URL', origin('payment-simulator')),
    PAYMENT_SIMULATOR_SECRET: keep('PAYMENT_SIMULATOR_SECRET', randomBytes(24).toString('hex')),
    ...(ports.shell && { PUBLIC_SHOP_URL: keep('PUBLIC_SHOP_URL', origin('shell')) }),
    // The edge servers' CSP lets the checkout frame the simulator's card page beside Tranzila's.
    PAYMENT_FRAME_ORIGINS: keep(
      'PAYMENT_FRAME_ORIGINS',
      `https://direct.tranzila.com,${origin('payment-simulator')}`,
    ),
  };
}

/**
 * The worker, the API and the print simulator share the print API's key pair (a fresh secret per
 * stack unless set: it authenticates the worker's calls and signs the simulator's webhooks, as
 * Lulu's API secret does); the worker (print jobs) and the API (print cost quotes) learn the
 * simulator's address, and the simulator the API's print callback.
 */
function printSimulatorEnv(
  ports: Readonly<Record<string, number>>,
  origin: (name: string) => string,
  keep: (variable: string, computed: string) => string,
): Env {
  if (!ports['print-simulator']) return {};
  return {
    PRINT_API_URL: keep('PRINT_API_URL', origin('print-simulator')),
    PRINT_API_SECRET: keep('PRINT_API_SECRET', randomBytes(24).toString('hex')),
    // The worker signs the addresses the partner downloads a book's files from; the API checks them.
    FILE_URL_SECRET: keep('FILE_URL_SECRET', randomBytes(24).toString('hex')),
    ...(ports.api && {
      PRINT_FILES_URL: keep('PRINT_FILES_URL', `${origin('api')}/api/print/files`),
    }),
    ...(ports.api && {
      PRINT_SIMULATOR_WEBHOOK_URL: keep(
        'PRINT_SIMULATOR_WEBHOOK_URL',
        `${origin('api')}/api/print/callback`,
      ),
    }),
  };
}

function withoutKeys(env: Env, keys: readonly string[]): Env {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !keys.includes(key)));
}

/** MongoDB and Redis (each managed by the stack or run elsewhere), then the application services. */
function chooseServices(
  input: PlanInput,
): Pick<StackPlan, 'services' | 'external' | 'mongo' | 'redis'> {
  const { env, ephemeral } = input;
  const services: ServiceDefinition[] = [];
  const external = new Set<string>();
  let mongo: InfraChoice | undefined;
  let redis: InfraChoice | undefined;
  if (!input.withoutInfra) {
    mongo = chooseMongo(env, { ephemeral, mongodPath: onPath('mongod', env) });
    redis = chooseRedis(env, { ephemeral });
    for (const [name, choice] of [
      ['mongo', mongo],
      ['redis', redis],
    ] as const) {
      if (choice.kind === 'managed') services.push(choice.service);
      else external.add(name);
    }
  }
  services.push(...(input.services ?? APP_SERVICES));
  return { services, external, mongo, redis };
}

interface AssignedPorts {
  ports: Record<string, number>;
  fixedPorts: FixedPort[];
  /** Each port's variable, set to the port. */
  portEnv: Record<string, string>;
}

/** Each service's port: a free one on a test stack or without a default, else its setting. */
async function assignPorts(
  services: readonly ServiceDefinition[],
  env: Env,
  ephemeral: boolean,
): Promise<AssignedPorts> {
  const ports: Record<string, number> = {};
  const fixedPorts: FixedPort[] = [];
  const portEnv: Record<string, string> = {};
  for (const service of services) {
    if (!service.port) continue;
    const { variable, default: fallback } = service.port;
    let port: number;
    if (ephemeral || fallback === undefined) {
      port = await getFreePort();
    } else {
      port = variable ? readPort(env, variable, fallback) : fallback;
      if (variable) fixedPorts.push({ port, variable });
    }
    ports[service.name] = port;
    if (variable) portEnv[variable] = String(port);
  }
  return { ports, fixedPorts, portEnv };
}

/** Where MongoDB or Redis answers; '' when the stack has none. */
function infraUrl(choice: InfraChoice | undefined, partial: StackContext): string {
  return choice ? (choice.kind === 'managed' ? choice.url(partial) : choice.url) : '';
}

interface ChildEnvInput {
  env: Env;
  ephemeral: boolean;
  dataDir: string;
  host: string;
  ports: Readonly<Record<string, number>>;
  portEnv: Readonly<Record<string, string>>;
  mongoUri: string;
  redisUrl: string;
}

/** The environment every child gets: the caller's, with the stack's addresses and secrets. */
function childEnvironment(input: ChildEnvInput): Record<string, string | undefined> {
  const { env, ephemeral, dataDir, host, ports, portEnv, mongoUri, redisUrl } = input;
  const origin = (name: string) => `http://${host}:${ports[name]}`;
  const frontEnds = ['shell', 'storefront', 'checkout', 'author-portal'].filter(
    (name) => ports[name],
  );
  // `npm start` honours explicit settings; a test stack's URLs must match its free ports.
  const keep = (variable: string, computed: string) => (!ephemeral && env[variable]) || computed;

  // A test stack's front ends must point at its own remotes and API, whatever the caller's shell
  // says.
  const inherited = ephemeral
    ? withoutKeys(env, [...REMOTE_URL_VARIABLES, 'PUBLIC_API_URL', 'API_UPSTREAM_URL'])
    : env;
  return {
    ...inherited,
    NODE_ENV: env.NODE_ENV || 'development',
    DATA_DIR: dataDir,
    ...portEnv,
    ...(mongoUri && { MONGODB_URI: mongoUri }),
    ...(redisUrl && { REDIS_URL: redisUrl }),
    // The front ends' servers proxy /api to the API, so pages call it on their own origin;
    // PUBLIC_API_URL (a split-origin deployment) is passed on only when it was set.
    ...(ports.api && { API_UPSTREAM_URL: keep('API_UPSTREAM_URL', origin('api')) }),
    // The API hears pages through the edge servers on this machine: it takes the client's
    // address from their X-Forwarded-For (rate limits per visitor, not per edge server).
    ...(ports.api && frontEnds.length > 0 && { TRUST_PROXY: keep('TRUST_PROXY', 'loopback') }),
    ...(frontEnds.length > 0 && {
      CORS_ORIGINS: keep('CORS_ORIGINS', frontEnds.map(origin).join(',')),
    }),
    ...(ephemeral && { LOG_LEVEL: env.LOG_LEVEL || 'warn' }),
    // The worker shows its local mail outbox at /dev/mail (to this machine only); never in
    // production, where the worker refuses it.
    ...(ports.worker &&
      (env.NODE_ENV || 'development') !== 'production' && { DEV_MAIL: keep('DEV_MAIL', 'true') }),
    ...paymentSimulatorEnv(ports, origin, keep),
    ...printSimulatorEnv(ports, origin, keep),
  };
}

/** Decides what runs where: the services, their ports, the data folder and every child's environment. */
export async function planStack(input: PlanInput): Promise<StackPlan> {
  const { env, ephemeral } = input;
  const root = input.root ?? REPO_ROOT;
  const dataDir = ephemeral
    ? mkdtempSync(join(tmpdir(), 'mechabrim-stack-'))
    : resolve(root, env.DATA_DIR || '.data');

  const { services, external, mongo, redis } = chooseServices(input);
  const { ports, fixedPorts, portEnv } = await assignPorts(services, env, ephemeral);

  const host = (!ephemeral && env.PUBLIC_HOST) || 'localhost';
  const partial = { root, dataDir, host, ports, ephemeral, env: {} };
  const mongoUri = infraUrl(mongo, partial as StackContext);
  const redisUrl = infraUrl(redis, partial as StackContext);
  const childEnv = childEnvironment({
    env,
    ephemeral,
    dataDir,
    host,
    ports,
    portEnv,
    mongoUri,
    redisUrl,
  });

  return {
    services,
    ctx: { ...partial, env: childEnv, mongoUri, redisUrl },
    external,
    fixedPorts,
    mongo,
    redis,
  };
}
