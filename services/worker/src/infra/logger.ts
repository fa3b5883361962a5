import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

export function createPinoLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'worker', pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

/** Nest's LoggerService on pino: every framework and processor message is one JSON line. */
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
  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    rest: unknown[],
  ) {
    const strings = rest.filter((r): r is string => typeof r === 'string');
    const context = strings.length ? strings[strings.length - 1] : undefined;
    if (message instanceof Error)
      this.pinoLogger[level]({ context, err: message }, message.message);
    else if (typeof message === 'object' && message !== null)
      this.pinoLogger[level]({ context, ...message });
    else
      this.pinoLogger[level](
        { context, stack: level === 'error' && strings.length > 1 ? strings[0] : undefined },
        String(message),
      );
  }
}
