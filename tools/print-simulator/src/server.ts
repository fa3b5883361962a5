import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { json } from './http';
import { defaultFate, JobLife } from './job-life';
import { PrintRoutes } from './routes';
import type { PrintSimulator, PrintSimulatorOptions } from './types';

/**
 * The local print partner (ARCHITECTURE.md decision 5), shaped like the Lulu Print API: a client
 * credentials token at {@link TOKEN_PATH}, `POST /print-jobs/` (idempotent by the
 * `Idempotency-Key` header, else by `external_id`), `GET /print-jobs/{id}/`, `PUT /print-jobs/{id}/status/` (cancels a job still in
 * CREATED), a `POST /print-job-cost-calculations/` (answered from libs/print-specs `SIMULATOR_PRICE_TABLE`,
 * documented in this tool's README; every job's `costs` come from it too), and a
 * `PRINT_JOB_STATUS_CHANGED` webhook, signed with HMAC-SHA256 of the raw body, at each step of
 * CREATED → IN_PRODUCTION → SHIPPED (a job of two or more lines ships in two parcels, each its own
 * SHIPPED webhook) → DELIVERED, one step every `stepMs` (production starts `productionDelayMs`
 * after CREATED); or CREATED → REJECTED with a reason; or CREATED → CANCELED when cancelled.
 */
export async function startPrintSimulator(options: PrintSimulatorOptions): Promise<PrintSimulator> {
  const stepMs = options.stepMs ?? 5000;
  const life = new JobLife({
    stepMs,
    productionDelayMs: options.productionDelayMs ?? stepMs,
    webhookUrl: options.webhookUrl,
    secret: options.clientSecret,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [1000, 5000, 15000, 30000, 60000],
  });
  const routes = new PrintRoutes(
    {
      clientKey: options.clientKey,
      clientSecret: options.clientSecret,
      idempotent: options.idempotent,
      chargeLine: options.chargeLine,
      decide: options.decide ?? defaultFate,
      failFirstCalls: options.failFirstCalls ?? 0,
    },
    life,
  );
  const server: Server = createServer((request, response) => {
    routes.handle(request, response).catch(() => {
      if (!response.headersSent) json(response, 400, { detail: 'Bad request' });
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    jobs: routes.jobs,
    get createCalls() {
      return routes.calls.create;
    },
    get costCalls() {
      return routes.calls.cost;
    },
    get cancelCalls() {
      return routes.calls.cancel;
    },
    webhooks: life.webhooks,
    failNext: (count) => {
      routes.failing.create = count;
    },
    failNextQuotes: (count) => {
      routes.failing.quotes = count;
    },
    failNextCancels: (count) => {
      routes.failing.cancels = count;
    },
    loseNextCreateAnswers: (count) => {
      routes.failing.createdButLost = count;
    },
    failNextLists: (count) => {
      routes.failing.lists = count;
    },
    holdWebhooks: (held) => {
      life.webhooksHeld = held;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        life.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
