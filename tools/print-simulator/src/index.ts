export {
  defaultFate,
  priceLines,
  signWebhook,
  startPrintSimulator,
  TOKEN_PATH,
  type JobFate,
  type PrintSimulator,
  type PrintSimulatorOptions,
  type SentWebhook,
  type SimulatedJob,
} from './server';
