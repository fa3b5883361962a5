import { z } from 'zod';
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '@mechabrim/contracts';

/** The development secret shared with tools/payment-simulator (its CLI has the same default). */
export const DEV_PAYMENT_SIMULATOR_SECRET = 'mechabrim-payment-simulator-development-secret';

const httpUrl = z.string().refine(
  (value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  { message: 'must be a URL starting with http:// or https://' },
);

const positiveInt = (fallback: number, max: number) =>
  z
    .string()
    .default(String(fallback))
    .transform((value, ctx) => {
      const n = Number(value);
      if (!/^\d+$/.test(value.trim()) || n < 1 || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a whole number 1-${max} (got "${value}")`,
        });
        return z.NEVER;
      }
      return n;
    });

const flag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

/**
 * The environment variables of checkout and payments (README "Configuration"). Parsed beside the
 * API's own schema so this module's settings stay in one file.
 */
export const paymentsEnvSchema = z
  .object({
    PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).default('simulator'),
    PAYMENT_SIMULATOR_URL: httpUrl.default('http://127.0.0.1:4300'),
    PAYMENT_SIMULATOR_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    PAYMENT_NOTIFY_BASE_URL: httpUrl.optional(),
    PUBLIC_SHOP_URL: httpUrl.default('http://localhost:4200'),
    ORDER_PENDING_TTL_MINUTES: positiveInt(30, 7 * 24 * 60),
    OUTBOX_POLL_INTERVAL_MS: positiveInt(1000, 60_000),
    TRANZILA_TERMINAL: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a terminal name')
      .optional(),
    TRANZILA_APP_KEY: z.string().min(1).optional(),
    TRANZILA_SECRET: z.string().min(1).optional(),
    TRANZILA_HANDSHAKE: flag,
    TRANZILA_HOSTED_URL: httpUrl.default('https://direct.tranzila.com'),
    TRANZILA_API_URL: httpUrl.default('https://api.tranzila.com'),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER !== 'tranzila') return;
    for (const name of ['TRANZILA_TERMINAL', 'TRANZILA_APP_KEY', 'TRANZILA_SECRET'] as const) {
      if (!env[name]) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required when PAYMENT_PROVIDER=tranzila',
        });
      }
    }
  });

/** Validated payments configuration. */
export interface PaymentsConfig {
  provider: PaymentProviderName;
  simulator: { url: string; secret: string };
  /** Where the provider posts its server-to-server notify: `<base>/api/payments/notify/<provider>`. */
  notifyBaseUrl: string;
  /** The shop's origin the payment frame returns to (`/payment/iframe/success|failed`). */
  shopUrl: string;
  pendingTtlMinutes: number;
  outboxPollIntervalMs: number;
  tranzila: {
    terminal: string;
    appKey: string;
    secret: string;
    handshake: boolean;
    hostedUrl: string;
    apiUrl: string;
  };
}

/** The payments configuration from parsed variables; `publicApiUrl` is the notify base by default. */
export function toPaymentsConfig(
  env: z.output<typeof paymentsEnvSchema>,
  publicApiUrl: string,
): PaymentsConfig {
  const trimSlash = (url: string) => url.replace(/\/+$/, '');
  return {
    provider: env.PAYMENT_PROVIDER,
    simulator: {
      url: trimSlash(env.PAYMENT_SIMULATOR_URL),
      secret: env.PAYMENT_SIMULATOR_SECRET ?? DEV_PAYMENT_SIMULATOR_SECRET,
    },
    notifyBaseUrl: trimSlash(env.PAYMENT_NOTIFY_BASE_URL ?? publicApiUrl),
    shopUrl: trimSlash(env.PUBLIC_SHOP_URL),
    pendingTtlMinutes: env.ORDER_PENDING_TTL_MINUTES,
    outboxPollIntervalMs: env.OUTBOX_POLL_INTERVAL_MS,
    tranzila: {
      terminal: env.TRANZILA_TERMINAL ?? '',
      appKey: env.TRANZILA_APP_KEY ?? '',
      secret: env.TRANZILA_SECRET ?? '',
      handshake: env.TRANZILA_HANDSHAKE,
      hostedUrl: trimSlash(env.TRANZILA_HOSTED_URL),
      apiUrl: trimSlash(env.TRANZILA_API_URL),
    },
  };
}
