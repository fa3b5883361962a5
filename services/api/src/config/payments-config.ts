import { z } from 'zod';
import { documented, enumVar, integerVar, urlVar } from '@mechabrim/server-kit';
import {
  PAYMENT_PROVIDERS,
  TRANZILA_HANDSHAKE_PATH,
  type PaymentProviderName,
} from '@mechabrim/contracts';

/** The development secret shared with tools/payment-simulator (its CLI has the same default). */
export const DEV_PAYMENT_SIMULATOR_SECRET = 'mechabrim-payment-simulator-development-secret';

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** An http(s) URL, `fallback` when unset. */
const httpUrlVar = (fallback: string, description: string) =>
  documented(
    z
      .string()
      .refine(isHttpUrl, { message: 'must be a URL starting with http:// or https://' })
      .default(fallback),
    { default: `\`${fallback}\``, description },
  );

/**
 * The environment variables of checkout and payments, spread into the API's schema (so the
 * README's generated table lists them) and checked by {@link requireTranzilaSettings}.
 */
export const paymentsEnvShape = {
  PAYMENT_PROVIDER: enumVar(
    PAYMENT_PROVIDERS,
    'simulator',
    'Which payment provider takes the card: `simulator` (the local payment simulator; refused with `NODE_ENV=production`) or `tranzila`',
  ),
  PAYMENT_SIMULATOR_URL: httpUrlVar(
    'http://127.0.0.1:4300',
    "The local payment simulator's address, as the API reaches it",
  ),
  PAYMENT_SIMULATOR_SECRET: documented(
    z.string().min(16, 'must be at least 16 characters').optional(),
    {
      default: 'a development secret (the launcher makes a new one each start)',
      description: "HMAC secret of the simulator's notify, shared with the simulator",
    },
  ),
  PAYMENT_NOTIFY_BASE_URL: urlVar(['http:', 'https:'], {
    default: "`PUBLIC_API_URL`, else the API's own port on localhost",
    description:
      'Base of the URL the provider posts its server-to-server notify to (`<base>/api/payments/notify/<provider>`)',
  }),
  PUBLIC_SHOP_URL: httpUrlVar(
    'http://localhost:4200',
    "The store's origin the payment frame returns to (`/payment/iframe/success|failed`); with PUBLIC_API_URL unset, an `https:` one makes the API's cookies `Secure` (the edge proxies `/api` there)",
  ),
  ORDER_PENDING_TTL_MINUTES: integerVar({
    default: 30,
    min: 1,
    max: 7 * 24 * 60,
    description: 'Minutes an unpaid order waits for its payment before it expires',
  }),
  OUTBOX_POLL_INTERVAL_MS: integerVar({
    default: 1000,
    min: 1,
    max: 60_000,
    description:
      "How often the API's outbox relay looks for follow-up work of paid orders to hand to the queues",
  }),
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
  TRANZILA_HANDSHAKE: documented(
    z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
    {
      default: '`true`',
      description:
        'Lock the amount with a Tranzila handshake token (`thtk`, bound to the sum) before opening the hosted page; `false` only for a terminal without the handshake',
    },
  ),
  TRANZILA_PW: documented(z.string().min(1).optional(), {
    default: 'unset',
    description:
      "The terminal's transaction password (`TranzilaPW`) the handshake is asked with (required with `tranzila` while `TRANZILA_HANDSHAKE` is on)",
  }),
  TRANZILA_HANDSHAKE_URL: httpUrlVar(
    `https://secure5.tranzila.com${TRANZILA_HANDSHAKE_PATH}`,
    "Tranzila's handshake endpoint (the amount lock, `op=1`)",
  ),
  TRANZILA_HOSTED_URL: httpUrlVar(
    'https://direct.tranzila.com',
    "Origin of Tranzila's hosted payment page",
  ),
  TRANZILA_API_URL: httpUrlVar(
    'https://api.tranzila.com',
    "Tranzila's API (transaction queries that confirm a notify)",
  ),
};

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnvShape>>;

/**
 * A `superRefine` step: the Tranzila adapter cannot run without its terminal and keys, nor lock
 * the amount without the terminal's password.
 */
export function requireTranzilaSettings(env: Partial<PaymentsEnv>, ctx: z.RefinementCtx): void {
  if (env.PAYMENT_PROVIDER !== 'tranzila') return;
  const required = ['TRANZILA_TERMINAL', 'TRANZILA_APP_KEY', 'TRANZILA_SECRET'] as const;
  for (const name of env.TRANZILA_HANDSHAKE === false
    ? required
    : ([...required, 'TRANZILA_PW'] as const)) {
    if (!env[name]) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'is required when PAYMENT_PROVIDER=tranzila',
      });
    }
  }
}

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
    /** The terminal's `TranzilaPW`, for the handshake. */
    password: string;
    handshakeUrl: string;
    hostedUrl: string;
    apiUrl: string;
  };
}

/** The payments configuration from parsed variables; `publicApiUrl` is the notify base by default. */
export function toPaymentsConfig(env: PaymentsEnv, publicApiUrl: string): PaymentsConfig {
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
      password: env.TRANZILA_PW ?? '',
      handshakeUrl: env.TRANZILA_HANDSHAKE_URL,
      hostedUrl: trimSlash(env.TRANZILA_HOSTED_URL),
      apiUrl: trimSlash(env.TRANZILA_API_URL),
    },
  };
}
