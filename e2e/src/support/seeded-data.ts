import { rmSync } from 'node:fs';
import {
  prepareSeededData,
  seededDataFolder,
  startStack,
  type RunningStack,
} from '@mechabrim/launcher';
import { CHEAP_PASSWORD_HASH_ENV } from '@mechabrim/testing';
import {
  SHARED_STACK_VARIABLE,
  sharedStackEnvironment,
  type SharedStackAddress,
} from './shared-stack';

/** What the setup started, kept for the teardown (both run in Jest's own process). */
const started: { folder?: string; stack?: RunningStack } = {};

/**
 * Jest's global setup for the journeys:
 * - the demo data is seeded once, and every stack a journey starts begins from a copy of it
 *   (`STACK_SEED_FROM`, which stacks read from the environment) instead of seeding after its
 *   services are up (a run against `MONGODB_TEST_URI` seeds each stack);
 * - a whole run (no file pattern) starts one stack that the journeys which only read the shared
 *   demo data, or write only records of their own, borrow instead of starting their own
 *   (`support/shared-stack.ts`); `E2E_SHARE_STACK=1` starts it for named files too, `0` never;
 * - every stack's API hashes passwords at the least cost (`CHEAP_PASSWORD_HASH_ENV` says why),
 *   unless the environment says otherwise.
 */
export async function setup(globalConfig: {
  testPathPatterns: { isSet(): boolean };
}): Promise<void> {
  for (const [name, value] of Object.entries(CHEAP_PASSWORD_HASH_ENV)) process.env[name] ??= value;
  if (!process.env.MONGODB_TEST_URI && !process.env.STACK_SEED_FROM) {
    started.folder = seededDataFolder();
    await prepareSeededData(started.folder);
    process.env.STACK_SEED_FROM = started.folder;
  }
  // A run of a few named files starts none: each would pay for a stack it may not borrow.
  const share = process.env.E2E_SHARE_STACK ?? (globalConfig.testPathPatterns.isSet() ? '0' : '1');
  if (share === '1' && !process.env[SHARED_STACK_VARIABLE]) {
    try {
      started.stack = await startStack({ env: sharedStackEnvironment() });
    } catch (error) {
      // Jest runs no teardown after a setup that failed: clean up here.
      await teardown();
      throw error;
    }
    const address: SharedStackAddress = {
      urls: started.stack.urls,
      mongoUri: started.stack.mongoUri,
      redisUrl: started.stack.redisUrl,
      dataDir: started.stack.dataDir,
    };
    process.env[SHARED_STACK_VARIABLE] = JSON.stringify(address);
  }
}

/** Jest's global teardown: stops the shared stack and removes the seeded folder. */
export async function teardown(): Promise<void> {
  await started.stack?.stop();
  if (started.folder) rmSync(started.folder, { recursive: true, force: true });
}
