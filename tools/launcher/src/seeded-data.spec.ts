import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { DEMO_ACCOUNTS } from '@mechabrim/demo-data';
import { planStack } from './plan';
import { Stack } from './stack';
import { prepareSeededData, seededDataFolder } from './start-stack';

describe('seeding once for many stacks', () => {
  jest.setTimeout(120_000);

  it('leaves a folder that, copied into a new stack, holds the demo data before any service starts', async () => {
    const folder = seededDataFolder();
    const env = { ...process.env, MONGODB_TEST_URI: undefined };
    const plan = await planStack({ env, ephemeral: true, services: [] });
    const stack = new Stack(
      plan.services.filter((service) => service.name === 'mongo'),
      plan.ctx,
      { output: () => undefined, readyTimeoutMs: 60_000, stopTimeoutMs: 5_000 },
    );
    let client: MongoClient | undefined;
    try {
      await prepareSeededData(folder, env);
      // The covers and print files the demo books point at come with the database.
      expect(readdirSync(join(folder, 'covers')).length).toBeGreaterThan(0);
      expect(existsSync(join(folder, 'files'))).toBe(true);

      cpSync(folder, plan.ctx.dataDir, { recursive: true });
      await stack.start();
      client = await MongoClient.connect(plan.ctx.mongoUri);
      const users = client.db().collection('users');
      for (const account of Object.values(DEMO_ACCOUNTS))
        await expect(users.countDocuments({ email: account.email })).resolves.toBe(1);
      await expect(client.db().collection('books').countDocuments()).resolves.toBeGreaterThan(20);
    } finally {
      await client?.close();
      await stack.stop();
      rmSync(plan.ctx.dataDir, { recursive: true, force: true });
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
