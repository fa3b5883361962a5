import type { PaymentProviderSettings } from '../env/payment-provider-env';
import type { PaymentRefunds } from './refund-port';
import { TranzilaRefunds } from './tranzila-refunds';

/**
 * The payment simulator's terminal and API app key (tools/payment-simulator), as a Tranzila
 * terminal has them; its API secret is `PAYMENT_SIMULATOR_SECRET`.
 */
export const SIMULATOR_TERMINAL = 'mechabrim';
export const SIMULATOR_APP_KEY = 'mechabrim';

/**
 * The refunds of the configured provider. The payment simulator speaks Tranzila's API, so both
 * go through {@link TranzilaRefunds}: the simulator at `PAYMENT_SIMULATOR_URL` with its own
 * terminal and app key and `PAYMENT_SIMULATOR_SECRET`, Tranzila with the terminal's keys.
 */
export function paymentRefundsFrom(
  settings: PaymentProviderSettings,
  options: { timeoutMs?: number } = {},
): PaymentRefunds {
  if (settings.provider === 'simulator') {
    return new TranzilaRefunds({
      ...options,
      provider: 'simulator',
      terminal: SIMULATOR_TERMINAL,
      appKey: SIMULATOR_APP_KEY,
      secret: settings.simulator.secret,
      apiUrl: settings.simulator.url,
    });
  }
  return new TranzilaRefunds({ ...options, provider: 'tranzila', ...settings.tranzila });
}
