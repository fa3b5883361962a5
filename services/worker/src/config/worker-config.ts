import { DEFAULT_SPLIT_POLICY, SPLIT_POLICY_NAMES, type SplitPolicyName } from '@mechabrim/money';
import {
  defaultHost,
  enumVar,
  hostVar,
  integerVar,
  parseEnv,
  portVar,
  requiredInProduction,
  resolveMongoUri,
  resolveRedisUrl,
  serverEnvShape,
  type LogLevel,
  type NodeEnv,
} from '@mechabrim/server-kit';
import { z } from 'zod';

export { ConfigError } from '@mechabrim/server-kit';

/**
 * The environment variables the worker reads, each with its default and meaning (the README's
 * environment table is generated from them: `npm run env-table`).
 */
export const workerEnvSchema = z
  .object({
    ...serverEnvShape,
    WORKER_PORT: portVar(3100, "Port of the worker's health endpoint"),
    WORKER_HOST: hostVar("the worker's health endpoint"),
    WORKER_CONCURRENCY: integerVar({
      default: 4,
      min: 1,
      max: 64,
      description: 'Jobs one worker process runs at once (1-64)',
    }),
    SPLIT_POLICY: enumVar(
      SPLIT_POLICY_NAMES,
      DEFAULT_SPLIT_POLICY,
      "How a sale is split (spec §1's readings): `community-first` 85/10/5 with print and shipping from the author's share, or `compensation` 70/20/10 digital and 60/25/15 printed",
    ),
  })
  .superRefine(requiredInProduction(['MONGODB_URI', 'REDIS_URL']));

export interface WorkerConfig {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  concurrency: number;
  splitPolicy: SplitPolicyName;
  mongodbUri: string;
  redisUrl: string;
  logLevel: LogLevel;
  shutdownTimeoutMs: number;
}

/** Reads and validates the worker's configuration from environment variables. Throws `ConfigError`. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const e = parseEnv(workerEnvSchema, env);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.WORKER_PORT,
    host: e.WORKER_HOST ?? defaultHost(e.NODE_ENV),
    concurrency: e.WORKER_CONCURRENCY,
    splitPolicy: e.SPLIT_POLICY,
    mongodbUri: resolveMongoUri(e),
    redisUrl: resolveRedisUrl(e),
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

export const WORKER_CONFIG = Symbol('WORKER_CONFIG');
