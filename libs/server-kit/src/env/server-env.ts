import { documented, enumVar, integerVar, mongoUrlVar, portVar, textVar, urlVar } from './env';
import { z } from 'zod';

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where a server started on its own finds Redis (the launcher passes `REDIS_URL`). */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * The variables every server process reads: spread into a service's own schema
 * (`z.object({ ...serverEnvShape, API_PORT: portVar(...) })`).
 */
export const serverEnvShape = {
  NODE_ENV: enumVar(
    NODE_ENVS,
    'development',
    '`production` requires `JWT_SECRET`, `MONGODB_URI` and `REDIS_URL` (the edge servers: `PUBLIC_STORE_URL`), listens on every interface by default, and makes minified front-end builds',
  ),
  MONGODB_URI: mongoUrlVar({
    default: 'unset: `mongod` on PATH, else the embedded server',
    description:
      'MongoDB connection string (production: a replica set). Used as given, database name included',
  }),
  EMBEDDED_MONGO_PORT: portVar(27027, 'Port of the embedded MongoDB-compatible server'),
  REDIS_URL: urlVar(['redis:', 'rediss:'], {
    default: 'unset: the launcher starts `redis-server` on a free port',
    description: `Redis for the BullMQ queues (\`redis://\` or \`rediss://\`, password in the URL). The launcher's own server gets a new password each start; the API or worker started on its own without it uses \`${DEFAULT_REDIS_URL}\``,
  }),
  LOG_LEVEL: enumVar(
    LOG_LEVELS,
    'info',
    '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent` (JSON logs; at `info` the API writes one line per request, except successful `GET /api/health` probes, which load balancers poll)',
  ),
  SHUTDOWN_TIMEOUT_MS: integerVar({
    default: 8000,
    min: 100,
    max: 600_000,
    description:
      'On SIGTERM or SIGINT the API and the worker stop taking work, finish what is in hand and close their connections; a process not done by then exits with code 1 (the launcher kills what is left after 10 s)',
  }),
};

/** Parsed values of {@link serverEnvShape}. */
export interface ServerEnv {
  NODE_ENV: NodeEnv;
  MONGODB_URI?: string | undefined;
  EMBEDDED_MONGO_PORT: number;
  REDIS_URL?: string | undefined;
  LOG_LEVEL: LogLevel;
  SHUTDOWN_TIMEOUT_MS: number;
}

/**
 * The interface a service listens on, optional: unset it is {@link defaultHost}. Loopback in
 * development, so a laptop's API and worker are not reachable from its network.
 */
export function hostVar(service: string) {
  return documented(z.string().trim().min(1, 'must not be blank').optional(), {
    default: '`127.0.0.1`; `0.0.0.0` when `NODE_ENV=production`',
    description: `Interface ${service} listens on (\`0.0.0.0\`: every interface)`,
  });
}

/**
 * Unset host: loopback, except in production, where the process runs behind a load balancer
 * (usually in a container) and must be reachable on every interface.
 */
export function defaultHost(nodeEnv: NodeEnv): string {
  return nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1';
}

/** The MongoDB a server uses: `MONGODB_URI`, else the embedded server on its default port. */
export function resolveMongoUri(
  env: Pick<ServerEnv, 'MONGODB_URI' | 'EMBEDDED_MONGO_PORT'>,
): string {
  return env.MONGODB_URI ?? `mongodb://127.0.0.1:${env.EMBEDDED_MONGO_PORT}/mechabrim`;
}

/** The Redis a server uses: `REDIS_URL`, else a local redis-server on its default port. */
export function resolveRedisUrl(env: Pick<ServerEnv, 'REDIS_URL'>): string {
  return env.REDIS_URL ?? DEFAULT_REDIS_URL;
}

/** The data folder read by the launcher, the API and the demo data. */
export const dataDirVar = textVar('.data', {
  default: '`.data`',
  description:
    'Where local data lives: `mongo/` (embedded server), `mongod/`, `redis/`, `covers/` (demo covers) and uploaded files',
});
