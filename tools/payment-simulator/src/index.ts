export {
  startPaymentSimulator,
  signNotify,
  type PaymentSimulator,
  type PaymentSimulatorOptions,
  type SimulatedTransaction,
} from './server';
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
