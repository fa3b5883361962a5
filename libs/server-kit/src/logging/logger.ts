import { LoggerService, LogLevel as NestLogLevel } from '@nestjs/common';
import pino, { Logger } from 'pino';

/**
 * One pino logger per process: JSON lines on stdout, shared by Fastify and Nest, each line naming
 * the `service` (`api`, `worker`). Close the app through {@link LoggingModule} so the buffer is
 * flushed on shutdown.
 */
export function createPinoLogger(
  service: string,
  level: string,
  base: Record<string, unknown> = {},
): Logger {
  // Buffered asynchronous writes: a synchronous write per request line costs a system call each.
  // pino flushes the buffer when the process exits.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  return pino(
    {
      level,
      base: { service, pid: process.pid, ...base },
      timestamp: pino.stdTimeFunctions.isoTime,
      // No redaction pass on every line: request headers are never logged (see the API's app.factory.ts).
    },
    destination,
  );
}

/** Nest's LoggerService on top of pino, so framework messages are JSON lines too. */
export class JsonLogger implements LoggerService {
  constructor(private readonly pinoLogger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }
  setLogLevels(_levels: NestLogLevel[]): void {
    // The level comes from LOG_LEVEL through pino.
  }

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    rest: unknown[],
  ) {
    // Nest passes the context as the last string argument, and a stack before it for errors.
    const strings = rest.filter((r): r is string => typeof r === 'string');
    const context = strings.length ? strings[strings.length - 1] : undefined;
    const stack = level === 'error' && strings.length > 1 ? strings[0] : undefined;
    if (message instanceof Error) {
      this.pinoLogger[level]({ context, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.pinoLogger[level]({ context, ...message });
    } else {
      this.pinoLogger[level]({ context, stack }, String(message));
    }
  }
}
