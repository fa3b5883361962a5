import { NestFactory } from '@nestjs/core';
import { getModelToken } from '@nestjs/mongoose';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import type { Logger } from 'pino';
import {
  BOOK_MODEL,
  LEDGER_ENTRY_MODEL,
  type BookModel,
  type LedgerEntryModel,
} from '@mechabrim/db';
import { createPinoLogger, JsonLogger } from '@mechabrim/server-kit';
import { backfillLedgerCopies } from './book-sales/ledger-copies-backfill';
import { WorkerConfig } from './config/worker-config';
import { WorkerModule } from './worker.module';

/**
 * The worker: BullMQ processors plus a small Fastify server for `GET /health`.
 * Processors start consuming during `init()`; `close()` waits for in-flight jobs (worker.close()).
 * Before that, books stored before `ledgerCopies` existed get it (`backfillLedgerCopies`).
 */
export async function createWorkerApp(
  config: WorkerConfig,
  options: { logger?: Logger } = {},
): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createPinoLogger('worker', config.logLevel);
  const app = await NestFactory.create<NestFastifyApplication>(
    WorkerModule.forRoot(config, logger),
    new FastifyAdapter({
      loggerInstance: logger,
      logController: new LogController({ disableRequestLogging: true }),
    }),
    { logger: new JsonLogger(logger), abortOnError: false },
  );
  // Before `init()` starts the processors: no count may run on a book the backfill has not seen.
  const backfilled = await backfillLedgerCopies(
    app.get<BookModel>(getModelToken(BOOK_MODEL)),
    app.get<LedgerEntryModel>(getModelToken(LEDGER_ENTRY_MODEL)),
  );
  if (backfilled > 0) logger.info({ books: backfilled, msg: 'ledgerCopies set on stored books' });
  await app.init();
  return app;
}
