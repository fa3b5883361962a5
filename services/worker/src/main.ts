import { createWorkerApp } from './app.factory';
import { ConfigError, loadWorkerConfig } from './config/worker-config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadWorkerConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await createWorkerApp(config);
  // SIGTERM/SIGINT: stop taking jobs, let in-flight ones finish, then close connections.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(
        `Port ${config.port} is already in use; set WORKER_PORT to another port.\n`,
      );
      await app.close();
      process.exit(1);
    }
    throw error;
  }
  app.getHttpAdapter().getInstance().log.info({ port: config.port }, 'worker listening');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
