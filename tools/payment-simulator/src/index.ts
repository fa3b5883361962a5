export {
  startPaymentSimulator,
  signNotify,
  type PaymentSimulator,
  type PaymentSimulatorOptions,
  type SimulatedTransaction,
} from './server';
export {
  TEST_CARDS,
  decideCard,
  passesLuhn,
  isValidIsraeliId,
  parseExpiry,
  type CardDecision,
} from './cards';
export { payInFrame } from './pay';
