import type { MasavInstitution, SplitPolicyName } from '@mechabrim/money';
import {
  dataDirVar,
  defaultHost,
  documented,
  enumVar,
  textVar,
  urlVar,
  hostVar,
  integerVar,
  parseEnv,
  paymentProviderEnvShape,
  payoutsEnvShape,
  refuseDevelopmentPayoutKey,
  toPayoutsConfig,
  type PayoutsConfig,
  paymentProviderRefinement,
  paymentProviderSettings,
  portVar,
  requiredInProduction,
  resolveMongoUri,
  resolveRedisUrl,
  serverEnvShape,
  splitPolicyEnvShape,
  type LogLevel,
  type NodeEnv,
  type PaymentProviderSettings,
} from '@mechabrim/server-kit';
import {
  storageEnvRefinement,
  storageEnvShape,
  storageSettings,
  type StorageSettings,
} from '@mechabrim/storage';
import { z } from 'zod';

export { ConfigError } from '@mechabrim/server-kit';

/** The local print simulator's development key pair (its CLI has the same defaults). */
export const DEV_PRINT_API_KEY = 'mechabrim-print-simulator';
export const DEV_PRINT_API_SECRET = 'mechabrim-print-simulator-development-secret';
/** The development secret of the print files' signed addresses (the API's default too). */
export const DEV_FILE_URL_SECRET = 'mechabrim-file-url-development-secret';

/** Masav's codes for development and tests: no bank takes a file with them. */
export const DEV_MASAV_INSTITUTION: MasavInstitution = {
  institutionCode: '12345678',
  sendingInstitutionCode: '12345',
  name: 'מחברים',
};

/**
 * The environment variables the worker reads, each with its default and meaning (the
 * environment table of docs/configuration.md is generated from them: `npm run env-table`).
 */
/** A company's number is a ח.פ.; a licensed dealer's, an ע.מ. */
export const BUSINESS_KINDS = ['company', 'licensed-dealer'] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];

export const workerEnvSchema = z
  .object({
    ...serverEnvShape,
    WORKER_PORT: portVar(3100, "Port of the worker's health endpoint"),
    WORKER_HOST: hostVar("the worker's health endpoint"),
    WORKER_CONCURRENCY: integerVar({
      default: 4,
      min: 1,
      max: 64,
      description: 'Jobs one worker process runs at once (1-64)',
    }),
    SPLIT_CONCURRENCY: integerVar({
      default: 32,
      min: 1,
      max: 256,
      description:
        'Order-split jobs one worker process runs at once (1-256): they mostly wait on MongoDB, and the jobs held at once share one read and a few writes',
    }),
    SALES_COUNT_DELAY_MS: integerVar({
      default: 5000,
      min: 0,
      max: 600_000,
      description:
        "How long a book's sales count waits for more sales to count with it (a count sums all the book's sales in the ledger)",
    }),
    ...splitPolicyEnvShape,
    ...payoutsEnvShape,
    MASAV_INSTITUTION_CODE: textVar(DEV_MASAV_INSTITUTION.institutionCode, {
      default: `\`${DEV_MASAV_INSTITUTION.institutionCode}\` (a development code)`,
      description:
        "The shop's institution code at Masav (up to 8 digits), written in every record of the payout run's bank file",
    }),
    MASAV_SENDING_INSTITUTION: textVar(DEV_MASAV_INSTITUTION.sendingInstitutionCode, {
      default: `\`${DEV_MASAV_INSTITUTION.sendingInstitutionCode}\` (a development code)`,
      description:
        "The sending institution's code at Masav (up to 5 digits; often the shop's own), in the bank file's header",
    }),
    MASAV_INSTITUTION_NAME: textVar(DEV_MASAV_INSTITUTION.name, {
      default: `\`${DEV_MASAV_INSTITUTION.name}\``,
      description:
        "The shop's name as Masav registered it (up to 30 characters), in the bank file's header",
    }),
    ...paymentProviderEnvShape,
    DATA_DIR: dataDirVar,
    ...storageEnvShape,
    PREFLIGHT_CONCURRENCY: integerVar({
      default: 1,
      min: 1,
      max: 16,
      description:
        'Book preflights one worker process runs at once (each reads PDFs in a child process)',
    }),
    PREFLIGHT_TIMEOUT_MS: integerVar({
      default: 60000,
      min: 1000,
      max: 600000,
      description:
        'Time one PDF of a preflight may take before its reader is stopped and the check fails',
    }),
    PREFLIGHT_MAX_MEMORY_MB: integerVar({
      default: 768,
      min: 128,
      max: 8192,
      description:
        "Resident memory the preflight's PDF reader may use before it is stopped and the check fails",
    }),
    INVOICE_PROVIDER: enumVar(
      ['local', 'morning'],
      'local',
      'Who issues tax receipts: `local` renders our own PDF into `${DATA_DIR}/receipts/`, `morning` calls Morning (Green Invoice)',
    ),
    MORNING_API_URL: urlVar(['https:', 'http:'], {
      default: '`https://api.greeninvoice.co.il/api/v1`',
      description:
        "Morning's API base URL; its sandbox is `https://sandbox.d.greeninvoice.co.il/api/v1`",
    }),
    MORNING_API_ID: documented(z.string().trim().min(1).optional(), {
      default: 'none (required with `INVOICE_PROVIDER=morning`)',
      description: "Morning API key id (Morning's settings, developer tools)",
    }),
    MORNING_API_SECRET: documented(z.string().trim().min(1).optional(), {
      default: 'none (required with `INVOICE_PROVIDER=morning`)',
      description: 'Morning API key secret',
    }),
    BUSINESS_NAME: textVar('מחברים בע״מ (הדגמה)', {
      default: '`מחברים בע״מ (הדגמה)`',
      description: 'Business name printed on local tax receipts',
    }),
    BUSINESS_TAX_ID: textVar('000000000', {
      default: '`000000000`',
      description: 'Business number (ע.מ./ח.פ.) printed on local tax receipts',
    }),
    BUSINESS_KIND: enumVar(
      BUSINESS_KINDS,
      'company',
      'What the business is, naming its number on local tax documents: `company` (a company, ח.פ.) or `licensed-dealer` (עוסק מורשה, ע.מ.)',
    ),
    BUSINESS_ADDRESS: textVar('רחוב הספרים 1, תל אביב', {
      default: '`רחוב הספרים 1, תל אביב`',
      description: 'Business address printed on local tax receipts',
    }),
    BUSINESS_EMAIL: textVar('books@mechabrim.example', {
      default: '`books@mechabrim.example`',
      description: 'Contact e-mail printed on local tax receipts',
    }),
    SMTP_URL: urlVar(['smtp:', 'smtps:'], {
      default: 'none (mail kept in the local outbox, `GET /dev/mail`)',
      description:
        'SMTP server for outgoing mail (`smtp://user:pass@host:587`); unset, mail goes to the `mail_outbox` collection only',
    }),
    SITE_URL: urlVar(['https:', 'http:'], {
      default: '`http://localhost:4200`',
      description: "The store's public address, for links in mail (orders page, receipts)",
    }),
    DEV_MAIL: documented(
      z
        .enum(['true', 'false'], { error: 'must be true or false' })
        .default('false')
        .transform((value) => value === 'true'),
      {
        default: '`false` (`npm start` sets `true`)',
        description:
          "Serves the local outbox (every message as sent, buyers' addresses included) at `GET /dev/mail`, to clients on this machine only; the worker refuses to start with it when `NODE_ENV=production`",
      },
    ),
    MAIL_FROM: textVar('מחברים <no-reply@mechabrim.example>', {
      default: '`מחברים <no-reply@mechabrim.example>`',
      description: 'Sender of outgoing mail',
    }),
    PRINT_API_URL: urlVar(['https:', 'http:'], {
      default: '`http://127.0.0.1:4400` (the local print simulator)',
      description:
        "The print partner's API, Lulu-shaped: print jobs (`/print-jobs/`, worker) and print cost quotes (`/print-job-cost-calculations/`, API). Lulu: `https://api.lulu.com`, sandbox `https://api.sandbox.lulu.com`",
    }),
    PRINT_API_KEY: textVar(DEV_PRINT_API_KEY, {
      default: "the print simulator's development key",
      description:
        "The print partner's client key, for print jobs and cost quotes (Lulu: the developer portal's API keys)",
    }),
    PRINT_API_SECRET: textVar(DEV_PRINT_API_SECRET, {
      default: 'a development secret (the launcher makes a new one each start)',
      description:
        "The print partner's client secret: authenticates the worker's calls, and (as Lulu does) signs the partner's status callbacks, so the API checks them with the same value",
    }),
    PRINT_FILES_URL: urlVar(['https:', 'http:'], {
      default: '`http://localhost:3000/api/print/files`',
      description:
        "Where the print partner downloads a book's files: each line's interior and cover are `<PRINT_FILES_URL>/<storage key>?expires=…&signature=…`, signed with FILE_URL_SECRET and good for 14 days",
    }),
    FILE_URL_SECRET: documented(z.string().trim().min(16).optional(), {
      default:
        'a development secret (the launcher makes a new one each start); with `NODE_ENV=production` none, and print handoffs fail with the reason',
      description:
        "Signs the addresses the print partner downloads a book's files from; the API checks them with the same value",
    }),
    PRINT_CONTACT_EMAIL: textVar('print@mechabrim.example', {
      default: '`print@mechabrim.example`',
      description: "The print jobs' contact address (the partner writes to it about a job)",
    }),
    PRINT_RETRY_BASE_MS: integerVar({
      default: 5000,
      min: 10,
      max: 3_600_000,
      description:
        'First retry delay of a failed print handoff; each further retry waits twice as long (up to 10 minutes), with ±25 % jitter',
    }),
  })
  .superRefine(requiredInProduction(['MONGODB_URI', 'REDIS_URL']))
  .superRefine(paymentProviderRefinement)
  .superRefine(refuseDevelopmentPayoutKey)
  .superRefine((env, ctx) => {
    const codes = [
      ['MASAV_INSTITUTION_CODE', env.MASAV_INSTITUTION_CODE, 8],
      ['MASAV_SENDING_INSTITUTION', env.MASAV_SENDING_INSTITUTION, 5],
    ] as const;
    for (const [name, value, digits] of codes)
      if (!new RegExp(`^\\d{1,${digits}}$`).test(value))
        ctx.addIssue({ code: 'custom', path: [name], message: `must be up to ${digits} digits` });
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.DEV_MAIL)
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_MAIL'],
        message: "must not be true when NODE_ENV=production (the outbox shows buyers' mail)",
      });
  })
  .superRefine(storageEnvRefinement)
  .superRefine((env, ctx) => {
    if (env.INVOICE_PROVIDER !== 'morning') return;
    for (const name of ['MORNING_API_ID', 'MORNING_API_SECRET'] as const)
      if (!env[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required with INVOICE_PROVIDER=morning',
        });
  });

/** The seller's details a local tax receipt prints. */
export interface BusinessDetails {
  name: string;
  taxId: string;
  kind: BusinessKind;
  address: string;
  email: string;
}

export type InvoiceSettings =
  { provider: 'local' } | { provider: 'morning'; apiUrl: string; apiId: string; apiSecret: string };

export const MORNING_PRODUCTION_API_URL = 'https://api.greeninvoice.co.il/api/v1';

export interface WorkerConfig {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  concurrency: number;
  /** Order-split jobs run at once (the split's group commit batches them). */
  splitConcurrency: number;
  /** How long a book's `book-sales` count waits for more sales (`SALES_COUNT_DELAY_MS`). */
  salesCountDelayMs: number;
  splitPolicy: SplitPolicyName;
  mongodbUri: string;
  redisUrl: string;
  logLevel: LogLevel;
  shutdownTimeoutMs: number;
  dataDir: string;
  storage: StorageSettings;
  preflight: { concurrency: number; timeoutMs: number; maxMemoryMb: number };
  invoice: InvoiceSettings;
  business: BusinessDetails;
  mail: {
    smtpUrl: string | null;
    from: string;
    siteUrl: string;
    /** Whether `GET /dev/mail` shows the outbox (to loopback clients only). */
    devOutbox: boolean;
  };
  print: PrintSettings;
  /** The payment provider refunds are given back through (the API's provider and keys). */
  payments: PaymentProviderSettings;
  /** Authors' payouts: the details' key, the withholding rate, the policy (as the API's). */
  payouts: PayoutsConfig;
  /** The shop as Masav knows it, for the payout run's bank file. */
  masav: MasavInstitution;
}

/** How the worker reaches the print partner (the simulator by default). */
export interface PrintSettings {
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
  filesUrl: string;
  /** Keys the files' signed addresses (empty: none can be made). */
  fileUrlSecret: string;
  contactEmail: string;
  retryBaseMs: number;
}

/** Reads and validates the worker's configuration from environment variables. Throws `ConfigError`. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const e = parseEnv(workerEnvSchema, env);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.WORKER_PORT,
    host: e.WORKER_HOST ?? defaultHost(e.NODE_ENV),
    concurrency: e.WORKER_CONCURRENCY,
    splitConcurrency: e.SPLIT_CONCURRENCY,
    salesCountDelayMs: e.SALES_COUNT_DELAY_MS,
    splitPolicy: e.SPLIT_POLICY,
    mongodbUri: resolveMongoUri(e),
    redisUrl: resolveRedisUrl(e),
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    dataDir: e.DATA_DIR,
    storage: storageSettings(e, e.DATA_DIR),
    preflight: {
      concurrency: e.PREFLIGHT_CONCURRENCY,
      timeoutMs: e.PREFLIGHT_TIMEOUT_MS,
      maxMemoryMb: e.PREFLIGHT_MAX_MEMORY_MB,
    },
    invoice:
      e.INVOICE_PROVIDER === 'morning'
        ? {
            provider: 'morning',
            apiUrl: (e.MORNING_API_URL ?? MORNING_PRODUCTION_API_URL).replace(/\/+$/, ''),
            apiId: e.MORNING_API_ID ?? '',
            apiSecret: e.MORNING_API_SECRET ?? '',
          }
        : { provider: 'local' },
    business: {
      name: e.BUSINESS_NAME,
      taxId: e.BUSINESS_TAX_ID,
      kind: e.BUSINESS_KIND,
      address: e.BUSINESS_ADDRESS,
      email: e.BUSINESS_EMAIL,
    },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      siteUrl: (e.SITE_URL ?? 'http://localhost:4200').replace(/\/+$/, ''),
      devOutbox: e.DEV_MAIL,
    },
    print: {
      apiUrl: (e.PRINT_API_URL ?? 'http://127.0.0.1:4400').replace(/\/+$/, ''),
      apiKey: e.PRINT_API_KEY,
      apiSecret: e.PRINT_API_SECRET,
      filesUrl: (e.PRINT_FILES_URL ?? 'http://localhost:3000/api/print/files').replace(/\/+$/, ''),
      fileUrlSecret: e.FILE_URL_SECRET ?? (e.NODE_ENV === 'production' ? '' : DEV_FILE_URL_SECRET),
      contactEmail: e.PRINT_CONTACT_EMAIL,
      retryBaseMs: e.PRINT_RETRY_BASE_MS,
    },
    payments: paymentProviderSettings(e),
    payouts: toPayoutsConfig(e),
    masav: {
      institutionCode: e.MASAV_INSTITUTION_CODE,
      sendingInstitutionCode: e.MASAV_SENDING_INSTITUTION,
      name: e.MASAV_INSTITUTION_NAME,
    },
  };
}

export const WORKER_CONFIG = Symbol('WORKER_CONFIG');
