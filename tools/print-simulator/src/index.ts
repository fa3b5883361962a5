export { startPrintSimulator } from './server';
export { defaultFate, signWebhook } from './job-life';
export { priceLines } from './pricing';
export { TOKEN_PATH } from './routes';
export type {
  JobFate,
  PrintSimulator,
  PrintSimulatorOptions,
  SentWebhook,
  SimulatedJob,
} from './types';
