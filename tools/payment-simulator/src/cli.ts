import { startPaymentSimulator } from './server';

/** The development secret, the same default the API's PAYMENT_SIMULATOR_SECRET has. */
const DEV_SECRET = 'mechabrim-payment-simulator-development-secret';

async function main(): Promise<void> {
  const port = Number(process.env.PAYMENT_SIMULATOR_PORT ?? 4300);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('PAYMENT_SIMULATOR_PORT must be a port number 0-65535\n');
    process.exit(2);
  }
  const secret = process.env.PAYMENT_SIMULATOR_SECRET || DEV_SECRET;
  const host = process.env.PAYMENT_SIMULATOR_HOST ?? '127.0.0.1';
  const simulator = await startPaymentSimulator({ port, host, secret });
  process.stdout.write(`payment simulator listening on ${simulator.url}\n`);
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
    process.stderr.write(`Port is already in use; set PAYMENT_SIMULATOR_PORT to another port.\n`);
  } else {
    process.stderr.write(`payment simulator failed to start: ${message}\n`);
  }
  process.exit(1);
});
