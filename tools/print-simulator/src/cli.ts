import { startPrintSimulator } from './server';

/** The development key pair, the same defaults the worker's and the API's PRINT_API_* have. */
const DEV_KEY = 'mechabrim-print-simulator';
const DEV_SECRET = 'mechabrim-print-simulator-development-secret';

function integer(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    process.stderr.write(`${name} must be a whole number from 0 to ${max}\n`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  const simulator = await startPrintSimulator({
    port: integer('PRINT_SIMULATOR_PORT', 4400, 65535),
    host: process.env.PRINT_SIMULATOR_HOST || '127.0.0.1',
    clientKey: process.env.PRINT_API_KEY || DEV_KEY,
    clientSecret: process.env.PRINT_API_SECRET || DEV_SECRET,
    webhookUrl: process.env.PRINT_SIMULATOR_WEBHOOK_URL || undefined,
    stepMs: integer('PRINT_SIMULATOR_STEP_MS', 5000, 86_400_000),
    // A real partner holds a new job a while before printing it: the window a buyer can cancel in.
    productionDelayMs: integer('PRINT_SIMULATOR_PRODUCTION_DELAY_MS', 60_000, 86_400_000),
    failFirstCalls: integer('PRINT_SIMULATOR_FAIL_FIRST', 0, 1_000_000),
  });
  process.stdout.write(`print simulator listening on ${simulator.url}\n`);
  const stop = () => {
    simulator.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    process.stderr.write('Port is already in use; set PRINT_SIMULATOR_PORT to another port.\n');
  } else {
    process.stderr.write(`print simulator failed to start: ${message}\n`);
  }
  process.exit(1);
});
