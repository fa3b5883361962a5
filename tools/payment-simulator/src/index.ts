export { startPaymentSimulator } from './server';
export { signNotify } from './notifier';
export type { PaymentSimulator, PaymentSimulatorOptions, SimulatedTransaction } from './types';
export { CREATE_TRANSACTION_PATH, CREDIT_ERRORS, type SimulatedRefund } from './credits';
export {
  TEST_CARDS,
  decideCard,
  passesLuhn,
  isValidIsraeliId,
  parseExpiry,
  type CardDecision,
} from './cards';
export { payInFrame } from './pay';
