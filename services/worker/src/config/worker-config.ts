import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const intIn = (fallback: number, min: number, max: number, what: string) =>
  z
    .string()
    .default(String(fallback))
    .transform((value, ctx) => {
      const n = Number(value);
      if (!/^\d+$/.test(value.trim()) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be ${what} ${min}-${max} (got "${value}")` });
        return z.NEVER;
      }
      return n;
    });

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    WORKER_PORT: intIn(3100, 0, 65535, 'a port number'),
    WORKER_HOST: z.string().min(1).default('0.0.0.0'),
    WORKER_CONCURRENCY: intIn(4, 1, 64, 'an integer'),
    MONGODB_URI: url(['mongodb:', 'mongodb+srv:']).optional(),
    EMBEDDED_MONGO_PORT: intIn(27027, 0, 65535, 'a port number'),
    REDIS_URL: url(['redis:', 'rediss:']).optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const name of ['MONGODB_URI', 'REDIS_URL'] as const) {
      if (!env[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required when NODE_ENV=production',
        });
    }
  });

export interface WorkerConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  concurrency: number;
  mongodbUri: string;
  redisUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
}

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Reads and validates the worker's configuration from environment variables. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = envSchema.safeParse(defined);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((i) => ({
        variable: String(i.path[0] ?? 'environment'),
        message: i.message,
      })),
    );
  }
  const e = result.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.WORKER_PORT,
    host: e.WORKER_HOST,
    concurrency: e.WORKER_CONCURRENCY,
    mongodbUri: e.MONGODB_URI ?? `mongodb://127.0.0.1:${e.EMBEDDED_MONGO_PORT}/mechabrim`,
    redisUrl: e.REDIS_URL ?? 'redis://127.0.0.1:6379',
    logLevel: e.LOG_LEVEL,
  };
}

export const WORKER_CONFIG = Symbol('WORKER_CONFIG');
