import { PAYMENT_PROVIDERS, type PaymentProviderName } from '@mechabrim/contracts';
import { z } from 'zod';
import { documented, enumVar, httpUrlVar } from './env';

/** The development secret shared with tools/payment-simulator (its CLI has the same default). */
export const DEV_PAYMENT_SIMULATOR_SECRET = 'mechabrim-payment-simulator-development-secret';

/**
 * The payment provider's variables, read by the API (payments, refunds) and the worker (refunds):
 * declared once here and spread into both schemas, so both reach the same provider with the same
 * keys and docs/configuration.md's table lists each variable once. Checked by
 * {@link paymentProviderRefinement}.
 */
export const paymentProviderEnvShape = {
  PAYMENT_PROVIDER: enumVar(
    PAYMENT_PROVIDERS,
    'simulator',
    'Which payment provider takes the card and gives refunds back: `simulator` (the local payment simulator; refused with `NODE_ENV=production`) or `tranzila`',
  ),
  PAYMENT_SIMULATOR_URL: httpUrlVar(
    'http://127.0.0.1:4300',
    "The local payment simulator's address, as the API and the worker reach it",
  ),
  PAYMENT_SIMULATOR_SECRET: documented(
    z.string().min(16, 'must be at least 16 characters').optional(),
    {
      default: 'a development secret (the launcher makes a new one each start)',
      description:
        'Shared with the simulator: the HMAC secret of its notify, the terminal password of its handshake and the secret of its Tranzila-shaped API (refunds); refused in production',
    },
  ),
  TRANZILA_TERMINAL: documented(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a terminal name')
      .optional(),
    { default: 'unset', description: 'Tranzila terminal name (required with `tranzila`)' },
  ),
  TRANZILA_APP_KEY: documented(z.string().min(1).optional(), {
    default: 'unset',
    description:
      'Tranzila API application key (`X-tranzila-api-app-key`; required with `tranzila`)',
  }),
  TRANZILA_SECRET: documented(z.string().min(1).optional(), {
    default: 'unset',
    description: 'Tranzila API secret the request HMAC is keyed with (required with `tranzila`)',
  }),
  TRANZILA_API_URL: httpUrlVar(
    'https://api.tranzila.com',
    "Tranzila's API: transaction queries that confirm a notify (API), credit transactions that refund a payment (worker)",
  ),
};

/** Parsed values of {@link paymentProviderEnvShape}. */
export type PaymentProviderEnv = z.output<z.ZodObject<typeof paymentProviderEnvShape>>;

/**
 * A `superRefine` step: in production no simulator takes cards or gives refunds and the simulator's
 * secret is never the development one written in this repository; Tranzila needs its terminal and
 * API keys wherever it is chosen.
 */
export function paymentProviderRefinement(
  env: { NODE_ENV: string } & Partial<PaymentProviderEnv>,
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV === 'production') {
    if (env.PAYMENT_PROVIDER === 'simulator')
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'must not be `simulator` when NODE_ENV=production (set PAYMENT_PROVIDER=tranzila)',
      });
    if (env.PAYMENT_SIMULATOR_SECRET?.trim() === DEV_PAYMENT_SIMULATOR_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_SIMULATOR_SECRET'],
        message: 'is the development secret, refused when NODE_ENV=production',
      });
  }
  if (env.PAYMENT_PROVIDER !== 'tranzila') return;
  for (const name of ['TRANZILA_TERMINAL', 'TRANZILA_APP_KEY', 'TRANZILA_SECRET'] as const)
    if (!env[name])
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'is required when PAYMENT_PROVIDER=tranzila',
      });
}

/** How a service reaches the payment provider's API: the provider chosen and each one's keys. */
export interface PaymentProviderSettings {
  provider: PaymentProviderName;
  /** The local payment simulator (`PAYMENT_SIMULATOR_URL`, `PAYMENT_SIMULATOR_SECRET`). */
  simulator: { url: string; secret: string };
  /** Tranzila's API (`TRANZILA_TERMINAL`, `TRANZILA_APP_KEY`, `TRANZILA_SECRET`, `TRANZILA_API_URL`). */
  tranzila: { terminal: string; appKey: string; secret: string; apiUrl: string };
}

/** The payment provider's settings from parsed variables (addresses without a trailing slash). */
export function paymentProviderSettings(env: PaymentProviderEnv): PaymentProviderSettings {
  const trimSlash = (url: string) => url.replace(/\/+$/, '');
  return {
    provider: env.PAYMENT_PROVIDER,
    simulator: {
      url: trimSlash(env.PAYMENT_SIMULATOR_URL),
      secret: env.PAYMENT_SIMULATOR_SECRET ?? DEV_PAYMENT_SIMULATOR_SECRET,
    },
    tranzila: {
      terminal: env.TRANZILA_TERMINAL ?? '',
      appKey: env.TRANZILA_APP_KEY ?? '',
      secret: env.TRANZILA_SECRET ?? '',
      apiUrl: trimSlash(env.TRANZILA_API_URL),
    },
  };
}
