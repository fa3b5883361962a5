import mongoose, { Types, type Connection, type Model } from 'mongoose';
import { Queue } from 'bullmq';
import { ORDER_QUEUE_NAME_LIST, type OrderQueueName } from '@mechabrim/contracts';
import {
  BOOK_MODEL,
  ORDER_MODEL,
  OUTBOX_MODEL,
  registerCatalogueModels,
  USER_MODEL,
} from '@mechabrim/db';
import { startPaymentSimulator, type PaymentSimulator } from '@mechabrim/payment-simulator';
import { getFreePort, startTestMongo, startTestRedis, type TestRedis } from '@mechabrim/testing';
import { createTestApi, type TestApi } from './test-api';
import { client, freshIp, type Client } from './http';

export const SIMULATOR_SECRET = 'checkout-e2e-simulator-secret';
export const SHOP_URL = 'http://shop.mechabrim.test';

export interface CheckoutApi {
  api: TestApi;
  http: Client;
  db: Connection;
  mongoUri: string;
  /** The API's environment, to start a second API process on the same database. */
  apiEnv: Record<string, string>;
  redis: TestRedis;
  simulator: PaymentSimulator;
  orders: Model<Record<string, unknown>>;
  outbox: Model<Record<string, unknown>>;
  books: { available: Types.ObjectId[]; withdrawn: Types.ObjectId; titles: Map<string, string> };
  /** BullMQ queues of the order jobs, on a connection of the test's own. */
  queues: Record<OrderQueueName, Queue>;
  close(): Promise<void>;
}

/**
 * MongoDB, Redis, the payment simulator and the API for one suite, with a small catalogue: three
 * books on sale (39.90, 54.50 and 120 ₪) and one withdrawn. The API listens on a port chosen
 * first, so its notify address can be handed to the simulator through the hosted page's fields.
 */
export async function startCheckoutApi(env: Record<string, string> = {}): Promise<CheckoutApi> {
  const mongo = await startTestMongo();
  const redis = await startTestRedis();
  const simulator = await startPaymentSimulator({ secret: SIMULATOR_SECRET });
  const db = await mongoose.createConnection(mongo.uri).asPromise();
  registerCatalogueModels(db);
  const users = db.models[USER_MODEL] as Model<Record<string, unknown>>;
  const author = await users.create({
    name: 'נועה כהן',
    email: 'noa.author@example.com',
    passwordHash: 'not-used-in-these-tests',
    role: 'author',
  });
  const bookModel = db.models[BOOK_MODEL] as Model<Record<string, unknown>>;
  const book = (title: string, price: number, isAvailable = true) => ({
    title,
    price,
    isAvailable,
    author: author._id,
    authorName: 'נועה כהן',
    category: 'רומן',
  });
  const created = await bookModel.create([
    book('הגשר על הירקון', 39.9),
    book('שירים מן המרפסת', 54.5),
    book('מדריך הכוכבים', 120),
    book('ספר שירד מהמדף', 45, false),
  ]);
  const titles = new Map<string, string>(
    created.map((b): [string, string] => [String(b._id), String(b.get('title'))]),
  );
  const port = await getFreePort();
  const apiEnv = {
    PAYMENT_PROVIDER: 'simulator',
    PAYMENT_SIMULATOR_URL: simulator.url,
    PAYMENT_SIMULATOR_SECRET: SIMULATOR_SECRET,
    PAYMENT_NOTIFY_BASE_URL: `http://127.0.0.1:${port}`,
    PUBLIC_SHOP_URL: SHOP_URL,
    OUTBOX_POLL_INTERVAL_MS: '200',
    ...env,
  };
  const api = await createTestApi({ mongoUri: mongo.uri, redisUrl: redis.url, port, env: apiEnv });
  const http = client(api.baseUrl);
  for (let i = 0; i < 100 && (await http.get('/api/health')).status !== 200; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const queues = Object.fromEntries(
    ORDER_QUEUE_NAME_LIST.map((name) => [
      name,
      new Queue(name, { connection: { url: redis.url, maxRetriesPerRequest: null } }),
    ]),
  ) as Record<OrderQueueName, Queue>;
  // The Redis outage test stops Redis under these queues too; their reconnect errors are expected.
  for (const queue of Object.values(queues)) queue.on('error', () => undefined);
  const [first, second, third, withdrawn] = created.map((b) => b._id as Types.ObjectId);
  if (!first || !second || !third || !withdrawn) throw new Error('books were not created');
  return {
    api,
    http,
    db,
    mongoUri: mongo.uri,
    apiEnv,
    redis,
    simulator,
    orders: db.models[ORDER_MODEL] as Model<Record<string, unknown>>,
    outbox: db.models[OUTBOX_MODEL] as Model<Record<string, unknown>>,
    books: { available: [first, second, third], withdrawn, titles },
    queues,
    close: async () => {
      await Promise.all(Object.values(queues).map((q) => q.close().catch(() => undefined)));
      await api.close();
      await db.close();
      await simulator.stop();
      await redis.stop();
      await mongo.stop();
    },
  };
}

/** A buyer's details as the checkout form sends them. */
export const BUYER = {
  first_name: 'דנה',
  last_name: 'לוי',
  phone: '050-1234567',
  email: 'dana.buyer@example.com',
  address: 'הרצל 12',
  city: 'תל אביב',
  zip: '6100000',
};

/** Registers a buyer and returns the bearer token. */
export async function registerBuyer(http: Client, email: string): Promise<string> {
  const res = await http.post<{ token: string }>(
    '/api/auth/register',
    { name: 'קונה בדיקה', email, password: 'Sefer#2024', role: 'user', agreeToTerms: true },
    { ip: freshIp() },
  );
  if (res.status !== 201)
    throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** What the checkout's frame does (the simulator's own client): see `payInFrame`. */
export { payInFrame } from '@mechabrim/payment-simulator';
