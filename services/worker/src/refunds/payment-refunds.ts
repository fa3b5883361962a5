import type { Provider } from '@nestjs/common';
import { paymentRefundsFrom } from '@mechabrim/server-kit';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';

/** Injection token of the payment port's refunds (the simulator or Tranzila, as configured). */
export const PAYMENT_REFUNDS = Symbol('PAYMENT_REFUNDS');

export const paymentRefundsProvider: Provider = {
  provide: PAYMENT_REFUNDS,
  inject: [WORKER_CONFIG],
  useFactory: (config: WorkerConfig) => paymentRefundsFrom(config.payments),
};
