import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigError } from '../env/env';

/** What every server's configuration has, for {@link runServer}. */
export interface ListeningConfig {
  port: number;
  host: string;
  /** Longest a SIGTERM/SIGINT shutdown may take before the process gives up with code 1. */
  shutdownTimeoutMs: number;
}

export interface RunServerOptions<C extends ListeningConfig> {
  /** How messages name the process: `API`, `Worker`. */
  name: string;
  /** The variable that moves the port, named when the port is taken. */
  portVariable: string;
  /** Reads and validates the environment; a {@link ConfigError} stops the process with its message. */
  loadConfig: () => C;
  /** Builds the initialised (not yet listening) application. */
  createApp: (config: C) => Promise<NestFastifyApplication>;
}

const SHUTDOWN_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * A server process's `main`: validated configuration (a bad variable stops the process with code
 * 1 and a message naming it), the application, graceful shutdown and `listen`.
 *
 * On SIGTERM or SIGINT Nest's shutdown hooks run — the HTTP server stops accepting and finishes
 * the requests in flight, queue workers finish the jobs in hand, then Redis and MongoDB are
 * closed and the log is flushed — and the process exits 0. Should that take longer than
 * `shutdownTimeoutMs` (a hung connection, a job that never ends), it exits 1 with a message
 * instead of waiting for a SIGKILL.
 */
export async function runServer<C extends ListeningConfig>(
  options: RunServerOptions<C>,
): Promise<void> {
  const { name, portVariable } = options;
  try {
    await start(options);
  } catch (error) {
    const detail =
      error instanceof ConfigError
        ? error.message
        : `${name} failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    process.stderr.write(`${detail}\n`);
    process.exit(1);
  }

  async function start({ loadConfig, createApp }: RunServerOptions<C>): Promise<void> {
    const config = loadConfig();
    const app = await createApp(config);
    app.enableShutdownHooks(SHUTDOWN_SIGNALS, { useProcessExit: true });
    boundShutdown(name, config.shutdownTimeoutMs);
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      process.stderr.write(
        `Port ${config.port} is already in use; set ${portVariable} to another port.\n`,
      );
      await app.close();
      process.exit(1);
    }
    app
      .getHttpAdapter()
      .getInstance()
      .log.info({ port: config.port, host: config.host }, `${name.toLowerCase()} listening`);
  }
}

/** Beside Nest's own signal listeners: the deadline of the shutdown they start. */
function boundShutdown(name: string, timeoutMs: number): void {
  const arm = (signal: NodeJS.Signals) => {
    for (const s of SHUTDOWN_SIGNALS) process.off(s, arm);
    // Unreferenced: a shutdown that finishes in time is not kept waiting for it.
    setTimeout(() => {
      process.stderr.write(
        `${name} did not stop within ${timeoutMs} ms of ${signal} (SHUTDOWN_TIMEOUT_MS); exiting.\n`,
      );
      process.exit(1);
    }, timeoutMs).unref();
  };
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, arm);
}
