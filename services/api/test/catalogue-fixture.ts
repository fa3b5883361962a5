import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection, type Model } from 'mongoose';
import { BOOK_MODEL, registerCatalogueModels, USER_MODEL } from '@mechabrim/db';
import { seedDemoData, type SeedSummary } from '@mechabrim/demo-data';
import { startPrintSimulator, type PrintSimulator } from '@mechabrim/print-simulator';
import { startTestMongo, startTestRedis } from '@mechabrim/testing';
import { createTestApi, type TestApi } from './test-api';
import { client, freshIp, type Client } from './http';

export const PUBLIC_API_URL = 'http://api.mechabrim.test';

export interface CatalogueApi {
  api: TestApi;
  http: Client;
  /** A second connection to the same database, for arranging data the API then reads. */
  db: Connection;
  books: Model<Record<string, unknown>>;
  users: Model<Record<string, unknown>>;
  dataDir: string;
  /** The test Redis the API uses (queues, rate limits). */
  redisUrl: string;
  /** The test MongoDB, for a worker beside the API. */
  mongoUri: string;
  seed?: SeedSummary;
  /** The local print partner on loopback: the API's print cost quotes come from it. */
  print: PrintSimulator;
  close(): Promise<void>;
}

/** The print simulator's key pair in the suites. */
const PRINT_KEY = 'e2e-print-key';
const PRINT_SECRET = 'e2e-print-secret';

/** Starts MongoDB, Redis and the API for one suite; with `seed`, loads the demo catalogue first. */
export async function startCatalogueApi(
  options: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<CatalogueApi> {
  const mongo = await startTestMongo();
  const redis = await startTestRedis();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-e2e-'));
  const db = await mongoose.createConnection(mongo.uri).asPromise();
  registerCatalogueModels(db);
  // Without excerpts: drawing their PDFs would slow every suite that seeds (excerpts.e2e-spec has its own).
  const seed = options.seed ? await seedDemoData(db, { dataDir, excerpts: false }) : undefined;
  const print = await startPrintSimulator({ clientKey: PRINT_KEY, clientSecret: PRINT_SECRET });
  const api = await createTestApi({
    mongoUri: mongo.uri,
    redisUrl: redis.url,
    env: {
      DATA_DIR: dataDir,
      PUBLIC_API_URL,
      PRINT_API_URL: print.url,
      PRINT_API_KEY: PRINT_KEY,
      PRINT_API_SECRET: PRINT_SECRET,
      ...options.env,
    },
  });
  // Answer only once MongoDB and Redis are connected (health is 200), as a deployed API would be.
  const http = client(api.baseUrl);
  for (let i = 0; i < 100 && (await http.get('/api/health')).status !== 200; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    api,
    http,
    db,
    books: db.models[BOOK_MODEL] as Model<Record<string, unknown>>,
    users: db.models[USER_MODEL] as Model<Record<string, unknown>>,
    dataDir,
    redisUrl: redis.url,
    mongoUri: mongo.uri,
    seed,
    print,
    close: async () => {
      await api.close();
      await print.stop();
      await db.close();
      await redis.stop();
      await mongo.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers an account through the API and returns its id and token. */
export async function registerUser(
  http: Client,
  email: string,
  role: 'user' | 'author' = 'user',
  name = 'משתמש בדיקה',
): Promise<{ id: string; token: string }> {
  const res = await http.post<{ user: { id: string }; token: string }>(
    '/api/auth/register',
    {
      name,
      email,
      password: 'Sefer#2024',
      role,
      agreeToTerms: true,
      ...(role === 'author' ? { agreeToAuthorsTerms: true } : {}),
    },
    { ip: freshIp() },
  );
  if (res.status !== 201)
    throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id, token: res.body.token };
}

/** Signs in through the API. */
export async function login(http: Client, email: string, password: string): Promise<string> {
  const res = await http.post<{ token: string }>(
    '/api/auth/login',
    { email, password },
    { ip: freshIp() },
  );
  if (res.status !== 200)
    throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}
