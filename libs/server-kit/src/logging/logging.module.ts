import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';

/** Injection token of the process's pino logger (the one Fastify writes request lines with). */
export const PINO_LOGGER = Symbol('PINO_LOGGER');

@Global()
@Module({})
export class LoggingModule implements OnApplicationShutdown {
  constructor(@Inject(PINO_LOGGER) private readonly logger: Logger) {}

  static forRoot(logger: Logger): DynamicModule {
    return {
      module: LoggingModule,
      providers: [{ provide: PINO_LOGGER, useValue: logger }],
      exports: [PINO_LOGGER],
    };
  }

  /** Logs are buffered; write what is left before the process ends (a signal skips 'exit'). */
  onApplicationShutdown(): Promise<void> {
    return new Promise((resolve) => this.logger.flush(() => resolve()));
  }
}
