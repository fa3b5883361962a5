import mongoose, { type Connection } from 'mongoose';
import { CLIENT_LOG_MODEL, ClientLogSchema, type ClientLogModel } from '@mechabrim/db';
import { startTestMongo, type TestMongo } from '@mechabrim/testing';
import { ClientLogRetention, trimClientLogs } from './client-log-retention';

describe('client log retention', () => {
  let mongo: TestMongo;
  let db: Connection;
  let model: ClientLogModel;

  beforeAll(async () => {
    mongo = await startTestMongo();
    db = await mongoose.createConnection(mongo.uri).asPromise();
    model = db.model(CLIENT_LOG_MODEL, ClientLogSchema);
  });
  afterAll(async () => {
    await db?.close();
    await mongo?.stop();
  });
  beforeEach(() => model.deleteMany({}));

  const insert = (count: number, firstSecond = 0) =>
    model.insertMany(
      Array.from({ length: count }, (_, i) => ({
        key: `k${firstSecond + i}`,
        timestamp: new Date(),
        level: 'error',
        message: `m${firstSecond + i}`,
        receivedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, firstSecond + i)),
      })),
    );

  it('removes the oldest entries beyond the cap, by the time they were received', async () => {
    await insert(12);
    expect(await trimClientLogs(model, 10)).toBe(2);
    const left = await model.find().sort({ receivedAt: 1 }).lean();
    expect(left.map((e) => e.message)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 2}`));
  });

  it('removes nothing at or under the cap', async () => {
    await insert(10);
    expect(await trimClientLogs(model, 10)).toBe(0);
    expect(await model.countDocuments()).toBe(10);
  });

  it('trims at most once per interval in one process', async () => {
    let clock = 0;
    const retention = new ClientLogRetention(model, 5, 60_000, () => clock);
    clock = 60_000;
    await insert(7);
    expect(await retention.maybeTrim()).toBe(2);
    await insert(3, 100);
    clock += 30_000;
    expect(await retention.maybeTrim()).toBe(0);
    clock += 30_000;
    expect(await retention.maybeTrim()).toBe(3);
    expect(await model.countDocuments()).toBe(5);
  });
});
