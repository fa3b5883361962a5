import { z } from 'zod';
import {
  documented,
  httpUrlVar,
  integerVar,
  paymentProviderEnvShape,
  paymentProviderSettings,
  urlVar,
  type PaymentProviderSettings,
} from '@mechabrim/server-kit';
import { TRANZILA_HANDSHAKE_PATH } from '@mechabrim/contracts';

export { DEV_PAYMENT_SIMULATOR_SECRET } from '@mechabrim/server-kit';

/**
 * The environment variables of checkout and payments, spread into the API's schema (so the
 * docs/configuration.md's generated table lists them) and checked by `paymentProviderRefinement` and
 * {@link requireTranzilaPassword}. The provider's own variables (`PAYMENT_PROVIDER`, the simulator's
 * and Tranzila's API keys) are shared with the worker, which gives refunds back through them.
 */
export const paymentsEnvShape = {
  ...paymentProviderEnvShape,
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
};

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnvShape>>;

/**
 * A `superRefine` step beside the shared {@link paymentProviderRefinement} (terminal and API keys):
 * the hosted page's amount lock is asked with the terminal's password.
 */
export function requireTranzilaPassword(env: Partial<PaymentsEnv>, ctx: z.RefinementCtx): void {
  if (env.PAYMENT_PROVIDER !== 'tranzila' || env.TRANZILA_HANDSHAKE === false) return;
  if (!env.TRANZILA_PW)
    ctx.addIssue({
      code: 'custom',
      path: ['TRANZILA_PW'],
      message: 'is required when PAYMENT_PROVIDER=tranzila',
    });
}

/** Validated payments configuration: the shared provider settings and the checkout's own. */
export interface PaymentsConfig extends PaymentProviderSettings {
  /** Where the provider posts its server-to-server notify: `<base>/api/payments/notify/<provider>`. */
  notifyBaseUrl: string;
  /** The shop's origin the payment frame returns to (`/payment/iframe/success|failed`). */
  shopUrl: string;
  pendingTtlMinutes: number;
  outboxPollIntervalMs: number;
  tranzila: PaymentProviderSettings['tranzila'] & {
    handshake: boolean;
    /** The terminal's `TranzilaPW`, for the handshake. */
    password: string;
    handshakeUrl: string;
    hostedUrl: string;
  };
}

/** The payments configuration from parsed variables; `publicApiUrl` is the notify base by default. */
export function toPaymentsConfig(env: PaymentsEnv, publicApiUrl: string): PaymentsConfig {
  const trimSlash = (url: string) => url.replace(/\/+$/, '');
  const shared = paymentProviderSettings(env);
  return {
    ...shared,
    notifyBaseUrl: trimSlash(env.PAYMENT_NOTIFY_BASE_URL ?? publicApiUrl),
    shopUrl: trimSlash(env.PUBLIC_SHOP_URL),
    pendingTtlMinutes: env.ORDER_PENDING_TTL_MINUTES,
    outboxPollIntervalMs: env.OUTBOX_POLL_INTERVAL_MS,
    tranzila: {
      ...shared.tranzila,
      handshake: env.TRANZILA_HANDSHAKE,
      password: env.TRANZILA_PW ?? '',
      handshakeUrl: env.TRANZILA_HANDSHAKE_URL,
      hostedUrl: trimSlash(env.TRANZILA_HOSTED_URL),
    },
  };
}
