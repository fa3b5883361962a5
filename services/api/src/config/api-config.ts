import type { PasswordHashCost } from '@mechabrim/db';
import type { SplitPolicyName } from '@mechabrim/money';
import {
  defaultHost,
  documented,
  hostVar,
  integerVar,
  parseEnv,
  paymentProviderRefinement,
  portVar,
  requiredInProduction,
  resolveMongoUri,
  resolveRedisUrl,
  serverEnvShape,
  splitPolicyEnvShape,
  dataDirVar,
  urlVar,
  textVar,
  type LogLevel,
  type NodeEnv,
} from '@mechabrim/server-kit';
import {
  storageEnvRefinement,
  storageEnvShape,
  storageSettings,
  type StorageSettings,
} from '@mechabrim/storage';
import { z } from 'zod';
import { developmentJwtSecret } from '../auth/jwt-secret';
import {
  paymentsEnvShape,
  requireTranzilaPassword,
  toPaymentsConfig,
  type PaymentsConfig,
} from './payments-config';
import {
  passwordsEnvShape,
  refuseWeakPasswordHashInProduction,
  toPasswordHashCost,
} from './passwords-config';
import {
  payoutsEnvShape,
  refuseDevelopmentPayoutKey,
  toPayoutsConfig,
  type PayoutsConfig,
} from './payouts-config';

export { ConfigError } from '@mechabrim/server-kit';
export type { LogLevel } from '@mechabrim/server-kit';
const DEFAULT_CORS_ORIGINS = [4200, 4201, 4202, 4203]
  .map((port) => `http://localhost:${port}`)
  .join(',');

/** How long a public catalogue answer is reused in an API process (`CATALOGUE_CACHE_TTL_MS`). */
export const DEFAULT_CATALOGUE_CACHE_TTL_MS = 2_000;

/** The first lock after five failed sign-ins in a row to one account (`LOGIN_BACKOFF_FIRST_DELAY_MS`). */
export const DEFAULT_LOGIN_BACKOFF_FIRST_DELAY_MS = 1_000;
/** The longest lock of the sign-in backoff, however many failures. */
export const LOGIN_BACKOFF_MAX_DELAY_MS = 15 * 60_000;

/** The print simulator's development key (the worker's PRINT_API_KEY default too). */
export const DEV_PRINT_API_KEY = 'mechabrim-print-simulator';
/** The print simulator's development secret (the worker's PRINT_API_SECRET default too). */
export const DEV_PRINT_API_SECRET = 'mechabrim-print-simulator-development-secret';
/** The development secret of the print files' signed addresses (the worker's default too). */
export const DEV_FILE_URL_SECRET = 'mechabrim-file-url-development-secret';

/**
 * The environment variables the API reads, each with its default and meaning (the
 * environment table of docs/configuration.md is generated from them: `npm run env-table`).
 */
export const apiEnvSchema = z
  .object({
    ...serverEnvShape,
    ...paymentsEnvShape,
    ...payoutsEnvShape,
    ...passwordsEnvShape,
    PRINT_API_SECRET: documented(z.string().trim().min(1).optional(), {
      default:
        'a development secret (the launcher makes a new one each start); with `NODE_ENV=production` none, and the API refuses every print callback',
      description:
        "The print partner's client secret: authenticates the worker's calls, and (as Lulu does) signs the partner's status callbacks, so the API checks them with the same value",
    }),
    PRINT_API_URL: urlVar(['https:', 'http:'], {
      default: '`http://127.0.0.1:4400` (the local print simulator)',
      description:
        "The print partner's API, Lulu-shaped: print jobs (`/print-jobs/`, worker) and print cost quotes (`/print-job-cost-calculations/`, API). Lulu: `https://api.lulu.com`, sandbox `https://api.sandbox.lulu.com`",
    }),
    PRINT_API_KEY: textVar(DEV_PRINT_API_KEY, {
      default: "the print simulator's development key",
      description:
        "The print partner's client key, for print jobs and cost quotes (Lulu: the developer portal's API keys)",
    }),
    FILE_URL_SECRET: documented(z.string().trim().min(16).optional(), {
      default:
        'a development secret (the launcher makes a new one each start); with `NODE_ENV=production` none, and every print file address is refused',
      description:
        "Keys the signatures of the addresses the print partner downloads a book's files from (`/api/print/files/…`, signed by the worker); the worker must have the same value",
    }),
    API_PORT: portVar(3000, 'Port of the API'),
    API_HOST: hostVar('the API'),
    CORS_ORIGINS: documented(
      z
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
      {
        default: 'the four front-end origins',
        description: 'Comma-separated origins allowed to call the API (`*` allows any)',
      },
    ),
    JWT_SECRET: documented(z.string().min(16, 'must be at least 16 characters').optional(), {
      default: 'unset: random, kept in `DATA_DIR/jwt-secret`',
      description:
        'Secret signing the session tokens, at least 16 characters; required in production. Unset elsewhere, a random one is generated once and kept under `DATA_DIR`',
    }),
    JWT_EXPIRES_IN: documented(
      z
        .string()
        .regex(/^\d+[smhdw]?$/, 'must look like 7d, 12h, 30m or a number of seconds')
        .default('7d'),
      { default: '`7d`', description: 'Session token lifetime (`7d`, `12h`, `30m` or seconds)' },
    ),
    PUBLIC_API_URL: urlVar(['http:', 'https:'], {
      default: "edge: the page's origin; api: plain `/api/…` paths",
      description:
        "The API's public URL (covers, avatars; `https:` makes cookies `Secure`). Unset, the runtime config sends browsers to the page's own origin, where the edge proxies `/api`; set it only for a split-origin deployment",
    }),
    ...splitPolicyEnvShape,
    DATA_DIR: dataDirVar,
    ...storageEnvShape,
    API_DOCS: documented(z.enum(['true', 'false']).optional(), {
      default: '`true`, except `false` in production',
      description: 'Whether the OpenAPI documentation is served at `/api/docs`',
    }),
    AVATAR_HOSTS: documented(
      z
        .string()
        .default('')
        .transform((value) =>
          value
            .split(',')
            .map((host) => host.trim().toLowerCase())
            .filter(Boolean),
        ),
      {
        default: 'empty',
        description:
          'Comma list of hosts an https avatar URL may point at (besides our own `/api/covers/` images)',
      },
    ),
    // Which proxies may set X-Forwarded-For. Off by default: trusting every sender would let a
    // client pick its own IP and so its own rate-limit budget.
    TRUST_PROXY: documented(
      z
        .string()
        .default('false')
        .transform((value): TrustProxy => {
          const trimmed = value.trim();
          if (trimmed === 'true') return true;
          if (trimmed === 'false') return false;
          return trimmed;
        }),
      {
        default: '`false`',
        description:
          'Which proxies may set `X-Forwarded-For`: `true`, `false` or a comma list of addresses/subnets (off: a client could pick its own rate-limit budget)',
      },
    ),
    CATALOGUE_CACHE_TTL_MS: integerVar({
      default: DEFAULT_CATALOGUE_CACHE_TTL_MS,
      min: 0,
      max: 3_600_000,
      description:
        "How long an API process reuses a public catalogue answer or count (an expired answer is served once more while it is refreshed); a write through the catalogue's models, by any process, empties every process's caches within 2 s",
    }),
    LOGIN_BACKOFF_FIRST_DELAY_MS: integerVar({
      default: DEFAULT_LOGIN_BACKOFF_FIRST_DELAY_MS,
      // Longer only: a test that must land inside the lock sets more, nothing needs less.
      min: DEFAULT_LOGIN_BACKOFF_FIRST_DELAY_MS,
      max: LOGIN_BACKOFF_MAX_DELAY_MS,
      description:
        'How long sign-in to one account is refused after its fifth failure in a row; each further failure doubles it, up to 15 minutes',
    }),
    API_BODY_LIMIT_BYTES: integerVar({
      default: 1024 * 1024,
      min: 1024,
      max: Number.MAX_SAFE_INTEGER,
      description:
        'Largest request body accepted (at least 1024); `POST /api/logs/client-bulk` takes up to 50 × 16 KB + 64 KB',
    }),
  })
  .superRefine(requiredInProduction(['JWT_SECRET', 'MONGODB_URI', 'REDIS_URL']))
  .superRefine(paymentProviderRefinement)
  .superRefine(refuseDevelopmentSettingsInProduction)
  .superRefine(requireTranzilaPassword)
  .superRefine(refuseDevelopmentPayoutKey)
  .superRefine(refuseWeakPasswordHashInProduction)
  .superRefine(storageEnvRefinement);

/**
 * A `superRefine` step: in production no secret is one of the development secrets written in
 * this repository (anyone could sign a print callback or a file address with them). The payment
 * simulator and its secret are refused by the shared `paymentProviderRefinement`.
 */
function refuseDevelopmentSettingsInProduction(
  env: {
    NODE_ENV: string;
    PRINT_API_SECRET?: string;
    FILE_URL_SECRET?: string;
  },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV !== 'production') return;
  const developmentSecrets = {
    PRINT_API_SECRET: DEV_PRINT_API_SECRET,
    FILE_URL_SECRET: DEV_FILE_URL_SECRET,
  } as const;
  for (const [name, secret] of Object.entries(developmentSecrets))
    if (env[name as keyof typeof developmentSecrets]?.trim() === secret)
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'is the development secret, refused when NODE_ENV=production',
      });
}

/** Fastify's `trustProxy`: off, on, or a comma list of proxy addresses/CIDRs (or `loopback`). */
export type TrustProxy = boolean | string;

/** Validated API configuration. */
export interface ApiConfig {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  mongodbUri: string;
  redisUrl: string;
  corsOrigins: string[];
  jwt: { secret: string; expiresIn: string };
  /** What hashing one password costs (argon2id). */
  passwordHashCost: PasswordHashCost;
  logLevel: LogLevel;
  publicApiUrl: string;
  /**
   * Whether the cookies the API sets (the queue board's) are `Secure`: browsers reach the API
   * over https — at PUBLIC_API_URL, else on the store's origin (PUBLIC_SHOP_URL), where the edge
   * proxies `/api`. Read from the configuration, not from the request: behind a proxy that ends
   * TLS the API itself is spoken to over plain http.
   */
  secureCookies: boolean;
  /** The split policy the worker's `order-splits` books by: the author's estimate before it runs. */
  splitPolicy: SplitPolicyName;
  dataDir: string;
  /** Where uploaded book files are stored (libs/storage). */
  storage: StorageSettings;
  /** Whether /api/docs and /api/docs-json are served. */
  docs: boolean;
  /** Hosts allowed in https avatar URLs. */
  avatarHosts: string[];
  bodyLimitBytes: number;
  /** How long a public catalogue answer or count is reused in this process. */
  catalogueCacheTtlMs: number;
  /** The first lock after repeated failed sign-ins to one account (each further one doubles). */
  loginBackoffFirstDelayMs: number;
  trustProxy: TrustProxy;
  shutdownTimeoutMs: number;
  payments: PaymentsConfig;
  /** Authors' payouts: the key sealing their bank details, the withholding rate. */
  payouts: PayoutsConfig;
  /**
   * The print partner: the secret its callbacks' HMAC is keyed with, and how to ask it for cost
   * quotes (the same key pair as the worker's).
   */
  print: {
    webhookSecret: string;
    fileUrlSecret: string;
    apiUrl: string;
    apiKey: string;
    apiSecret: string;
  };
}

/** Reads and validates the API configuration from environment variables. Throws `ConfigError`. */
export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const e = parseEnv(apiEnvSchema, env);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.API_PORT,
    host: e.API_HOST ?? defaultHost(e.NODE_ENV),
    mongodbUri: resolveMongoUri(e),
    redisUrl: resolveRedisUrl(e),
    corsOrigins: e.CORS_ORIGINS,
    // Production requires JWT_SECRET (above); elsewhere a random secret kept under DATA_DIR.
    jwt: { secret: e.JWT_SECRET ?? developmentJwtSecret(e.DATA_DIR), expiresIn: e.JWT_EXPIRES_IN },
    passwordHashCost: toPasswordHashCost(e),
    logLevel: e.LOG_LEVEL,
    // Unset: files are named by path alone (`/api/covers/…`), fetched from the page's own origin,
    // where the edge server proxies /api — so they load at whatever address the store is opened.
    publicApiUrl: e.PUBLIC_API_URL ?? '',
    secureCookies: new URL(e.PUBLIC_API_URL ?? e.PUBLIC_SHOP_URL).protocol === 'https:',
    splitPolicy: e.SPLIT_POLICY,
    dataDir: e.DATA_DIR,
    storage: storageSettings(e, e.DATA_DIR),
    docs: e.API_DOCS === undefined ? e.NODE_ENV !== 'production' : e.API_DOCS === 'true',
    avatarHosts: e.AVATAR_HOSTS,
    bodyLimitBytes: e.API_BODY_LIMIT_BYTES,
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
    loginBackoffFirstDelayMs: e.LOGIN_BACKOFF_FIRST_DELAY_MS,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    // The provider posts its notify to the API itself, so the default is an absolute address.
    payments: toPaymentsConfig(e, e.PUBLIC_API_URL ?? `http://localhost:${e.API_PORT}`),
    payouts: toPayoutsConfig(e),
    // Never the public development secret in production: unset, every callback is refused.
    print: {
      webhookSecret:
        e.PRINT_API_SECRET ?? (e.NODE_ENV === 'production' ? '' : DEV_PRINT_API_SECRET),
      fileUrlSecret: e.FILE_URL_SECRET ?? (e.NODE_ENV === 'production' ? '' : DEV_FILE_URL_SECRET),
      apiUrl: (e.PRINT_API_URL ?? 'http://127.0.0.1:4400').replace(/\/+$/, ''),
      apiKey: e.PRINT_API_KEY,
      apiSecret: e.PRINT_API_SECRET ?? (e.NODE_ENV === 'production' ? '' : DEV_PRINT_API_SECRET),
    },
  };
}
