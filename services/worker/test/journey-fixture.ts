// The whole paid-order journey's parts for the worker's cross-service tests: the real API with its
// catalogue and the payment simulator (the API's own checkout harness, the one place that knows how
// to start it), the local print simulator calling the API back, and this worker — all sharing one
// DATA_DIR (the worker writes receipts, the API serves them).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import { startCheckoutApi, type CheckoutApi } from '../../api/test/checkout-fixture';
import { startPrintSimulator, type PrintSimulator } from '@mechabrim/print-simulator';
import { getFreePort } from '@mechabrim/testing';
import { createWorkerApp } from '../src/app.factory';
import { loadWorkerConfig } from '../src/config/worker-config';

export interface Journey {
  ctx: CheckoutApi;
  worker: NestFastifyApplication;
  printer: PrintSimulator;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The payment simulator's settings of the API's harness, for the worker (its refunds go to the
 * same simulator the buyer paid at).
 */
export function paymentEnvOf(ctx: CheckoutApi): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['PAYMENT_PROVIDER', 'PAYMENT_SIMULATOR_URL', 'PAYMENT_SIMULATOR_SECRET']) {
    const value = ctx.apiEnv[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/**
 * Starts the journey's parts; the print partner ships whatever it gets, every `stepMs` (holding a
 * new job `productionDelayMs` before production, `stepMs` unless given).
 */
export async function startJourney(
  name: string,
  stepMs: number,
  options: { productionDelayMs?: number } = {},
): Promise<Journey> {
  const secret = `${name}-print-secret`;
  const dataDir = await mkdtemp(path.join(tmpdir(), `${name}-e2e-`));
  // The API calls the partner too (cost quotes, cancelling a job): its address is chosen first.
  const printPort = await getFreePort();
  const ctx = await startCheckoutApi({
    DATA_DIR: dataDir,
    PRINT_API_URL: `http://127.0.0.1:${printPort}`,
    PRINT_API_KEY: name,
    PRINT_API_SECRET: secret,
  });
  // The demo books have no files; the simulator prints them anyway.
  const printer = await startPrintSimulator({
    port: printPort,
    clientKey: name,
    clientSecret: secret,
    webhookUrl: `${ctx.api.baseUrl}/api/print/callback`,
    stepMs,
    ...(options.productionDelayMs !== undefined && {
      productionDelayMs: options.productionDelayMs,
    }),
    decide: () => ({ kind: 'ship' }),
  });
  const worker = await createWorkerApp(
    loadWorkerConfig({
      NODE_ENV: 'test',
      MONGODB_URI: ctx.mongoUri,
      REDIS_URL: ctx.redis.url,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      PRINT_API_URL: printer.url,
      PRINT_API_KEY: name,
      PRINT_API_SECRET: secret,
      SALES_COUNT_DELAY_MS: '100',
      ...paymentEnvOf(ctx),
    }),
  );
  return {
    ctx,
    worker,
    printer,
    dataDir,
    close: async () => {
      await worker.close();
      await printer.stop();
      await ctx.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
