import { ConfigError, loadApiConfig } from './config/api-config';
import { createApiApp } from './app.factory';

async function main(): Promise<void> {
  let config;
  try {
    config = loadApiConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await createApiApp(config);
  // SIGTERM/SIGINT: stop accepting requests, finish in-flight ones, then close MongoDB and Redis.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(
        `Port ${config.port} is already in use; set API_PORT to another port.\n`,
      );
      await app.close();
      process.exit(1);
    }
    throw error;
  }
  app
    .getHttpAdapter()
    .getInstance()
    .log.info({ port: config.port, host: config.host }, 'api listening');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `API failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
