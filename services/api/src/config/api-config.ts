import { z } from 'zod';
import { paymentsEnvSchema, toPaymentsConfig, type PaymentsConfig } from './payments-config';

const DEV_JWT_SECRET = 'mechabrim-development-secret-do-not-use-in-production';
const DEFAULT_CORS_ORIGINS = [4200, 4201, 4202, 4203]
  .map((port) => `http://localhost:${port}`)
  .join(',');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = (fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .transform((value, ctx) => {
      const n = Number(value);
      if (!/^\d+$/.test(value.trim()) || n > 65535) {
        ctx.addIssue({ code: 'custom', message: `must be a port number 0-65535 (got "${value}")` });
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

/** The environment variables the API reads (docs/CONVENTIONS.md "Runtime configuration"). */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    API_PORT: port(3000),
    API_HOST: z.string().min(1).default('0.0.0.0'),
    MONGODB_URI: url(['mongodb:', 'mongodb+srv:']).optional(),
    EMBEDDED_MONGO_PORT: port(27027),
    REDIS_URL: url(['redis:', 'rediss:']).optional(),
    CORS_ORIGINS: z
      .string()
      .default(DEFAULT_CORS_ORIGINS)
      .transform((value, ctx) => {
        const origins = value
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean);
        for (const origin of origins) {
          if (origin === '*') continue;
          try {
            const parsed = new URL(origin);
            if (parsed.origin !== origin.replace(/\/$/, '')) throw new Error('not an origin');
          } catch {
            ctx.addIssue({
              code: 'custom',
              message: `"${origin}" is not an origin like http://localhost:4200`,
            });
          }
        }
        return origins;
      }),
    JWT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    JWT_EXPIRES_IN: z
      .string()
      .regex(/^\d+[smhdw]?$/, 'must look like 7d, 12h, 30m or a number of seconds')
      .default('7d'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    PUBLIC_API_URL: url(['http:', 'https:']).optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    // Which proxies may set X-Forwarded-For. Off by default: trusting every sender would let a
    // client pick its own IP and so its own rate-limit budget.
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value): TrustProxy => {
        const trimmed = value.trim();
        if (trimmed === 'true') return true;
        if (trimmed === 'false') return false;
        return trimmed;
      }),
    API_BODY_LIMIT_BYTES: z
      .string()
      .default(String(1024 * 1024))
      .transform((value, ctx) => {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1024) {
          ctx.addIssue({
            code: 'custom',
            message: `must be an integer of at least 1024 (got "${value}")`,
          });
          return z.NEVER;
        }
        return n;
      }),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const name of ['JWT_SECRET', 'MONGODB_URI', 'REDIS_URL'] as const) {
      if (!env[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required when NODE_ENV=production',
        });
    }
  });

export type LogLevel = (typeof LOG_LEVELS)[number];

/** Fastify's `trustProxy`: off, on, or a comma list of proxy addresses/CIDRs (or `loopback`). */
export type TrustProxy = boolean | string;

/** Validated API configuration. */
export interface ApiConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  mongodbUri: string;
  redisUrl: string;
  corsOrigins: string[];
  jwt: { secret: string; expiresIn: string };
  logLevel: LogLevel;
  publicApiUrl: string;
  dataDir: string;
  bodyLimitBytes: number;
  trustProxy: TrustProxy;
  payments: PaymentsConfig;
}

/** Thrown when the environment holds a bad value; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Reads and validates the API configuration from environment variables. Throws {@link ConfigError}. */
export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  // An empty variable counts as unset, as in most shells' `VAR= cmd`.
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = envSchema.safeParse(defined);
  const payments = paymentsEnvSchema.safeParse(defined);
  if (!result.success || !payments.success) {
    throw new ConfigError(
      [...(result.error?.issues ?? []), ...(payments.error?.issues ?? [])].map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const e = result.data;
  const publicApiUrl = e.PUBLIC_API_URL ?? `http://localhost:${e.API_PORT}`;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.API_PORT,
    host: e.API_HOST,
    mongodbUri: e.MONGODB_URI ?? `mongodb://127.0.0.1:${e.EMBEDDED_MONGO_PORT}/mechabrim`,
    redisUrl: e.REDIS_URL ?? 'redis://127.0.0.1:6379',
    corsOrigins: e.CORS_ORIGINS,
    jwt: { secret: e.JWT_SECRET ?? DEV_JWT_SECRET, expiresIn: e.JWT_EXPIRES_IN },
    logLevel: e.LOG_LEVEL,
    publicApiUrl,
    dataDir: e.DATA_DIR,
    bodyLimitBytes: e.API_BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    payments: toPaymentsConfig(payments.data, publicApiUrl),
  };
}
