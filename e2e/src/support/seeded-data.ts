import { rmSync } from 'node:fs';
import {
  prepareSeededData,
  seededDataFolder,
  startStack,
  type RunningStack,
} from '@mechabrim/launcher';
import { CHEAP_PASSWORD_HASH_ENV } from '@mechabrim/testing';
import type { BrowserServer } from 'playwright-core';
import { launchSharedBrowser, SHARED_BROWSER_VARIABLE } from './browser';
import {
  SHARED_STACK_VARIABLE,
  sharedStackEnvironment,
  type SharedStackAddress,
} from './shared-stack';

/** What the setup started, kept for the teardown (both run in Jest's own process). */
const started: { folder?: string; stack?: RunningStack; browser?: BrowserServer } = {};

/**
 * Jest's global setup for the journeys:
 * - one Chromium for the whole run, which every journey file connects to (`launchBrowser()`),
 *   started beside the rest;
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
  const results = await Promise.allSettled([
    startSharedBrowser(),
    seedAndShareStack(globalConfig.testPathPatterns.isSet()),
  ]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    // Jest runs no teardown after a setup that failed: clean up here.
    await teardown();
    throw failed.reason;
  }
}

/** The run's one Chromium, unless the environment names one already. */
async function startSharedBrowser(): Promise<void> {
  if (process.env[SHARED_BROWSER_VARIABLE]) return;
  started.browser = await launchSharedBrowser();
  process.env[SHARED_BROWSER_VARIABLE] = started.browser.wsEndpoint();
}

/** The seeded data every stack starts from, and the stack a whole run shares. */
async function seedAndShareStack(filesNamed: boolean): Promise<void> {
  if (!process.env.MONGODB_TEST_URI && !process.env.STACK_SEED_FROM) {
    started.folder = seededDataFolder();
    await prepareSeededData(started.folder);
    process.env.STACK_SEED_FROM = started.folder;
  }
  // A run of a few named files starts none: each would pay for a stack it may not borrow.
  const share = process.env.E2E_SHARE_STACK ?? (filesNamed ? '0' : '1');
  if (share !== '1' || process.env[SHARED_STACK_VARIABLE]) return;
  started.stack = await startStack({ env: sharedStackEnvironment() });
  const address: SharedStackAddress = {
    urls: started.stack.urls,
    mongoUri: started.stack.mongoUri,
    redisUrl: started.stack.redisUrl,
    dataDir: started.stack.dataDir,
  };
  process.env[SHARED_STACK_VARIABLE] = JSON.stringify(address);
}

/** Jest's global teardown: closes the shared Chromium, stops the shared stack and removes the seeded folder. */
export async function teardown(): Promise<void> {
  await Promise.all([started.browser?.close(), started.stack?.stop()]);
  if (started.folder) rmSync(started.folder, { recursive: true, force: true });
}
