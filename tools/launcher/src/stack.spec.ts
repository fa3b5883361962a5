import { rmSync } from 'node:fs';
import { planStack, type StackPlan } from './plan';
import { Stack } from './stack';
import { fakeService } from './testing/fake-services';
import type { ServiceDefinition } from './types';

async function fakeStack(
  services: ServiceDefinition[],
): Promise<{ stack: Stack; plan: StackPlan }> {
  const plan = await planStack({ env: process.env, ephemeral: true, withoutInfra: true, services });
  const stack = new Stack(plan.services, plan.ctx, {
    output: () => undefined,
    stopTimeoutMs: 2_000,
    readyTimeoutMs: 10_000,
  });
  return { stack, plan };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const answers = async (url: string) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};

describe('Stack', () => {
  jest.setTimeout(30_000);

  it('stops one service and starts it again on the same port while the others keep running', async () => {
    const { stack, plan } = await fakeStack([fakeService('remote'), fakeService('host')]);
    const url = (name: string) => `http://127.0.0.1:${plan.ctx.ports[name]}/`;
    try {
      await stack.start();
      await stack.stopService('remote');
      expect(await answers(url('remote'))).toBe(false);
      expect(await answers(url('host'))).toBe(true);

      await stack.startService('remote');
      expect(await answers(url('remote'))).toBe(true);
    } finally {
      await stack.stop();
      rmSync(plan.ctx.dataDir, { recursive: true, force: true });
    }
  });

  it('names the service that ended before it was ready, and starts nothing that depends on it', async () => {
    const { stack, plan } = await fakeStack([
      fakeService('db', { exitAfterMs: 0 }),
      fakeService('app', { dependsOn: ['db'] }),
    ]);
    try {
      await expect(stack.start()).rejects.toThrow(
        /^db: exited before http:\/\/127\.0\.0\.1:\d+\/health answered$/,
      );
      expect(Object.keys(stack.pids())).toEqual([]);
    } finally {
      await stack.stop();
      rmSync(plan.ctx.dataDir, { recursive: true, force: true });
    }
  });

  it('starts a service that connects in the background beside its dependencies, and one after an afterReady step', async () => {
    const { stack, plan } = await fakeStack([
      fakeService('db', { listenAfterMs: 3_000 }),
      { ...fakeService('app', { dependsOn: ['db'] }), connectsInBackground: true },
      { ...fakeService('slow-db', { listenAfterMs: 3_000 }), afterReady: () => Promise.resolve() },
      { ...fakeService('other', { dependsOn: ['slow-db'] }), connectsInBackground: true },
    ]);
    try {
      const starting = stack.start();
      while (!stack.pids().db || !stack.pids().app) await delay(20);
      // The database does not answer yet, the app runs already; the other app waits for slow-db.
      expect(await answers(`http://127.0.0.1:${plan.ctx.ports.db}/`)).toBe(false);
      expect(stack.pids().other).toBeUndefined();
      await starting;
      expect(Object.keys(stack.pids()).sort()).toEqual(['app', 'db', 'other', 'slow-db']);
    } finally {
      await stack.stop();
      rmSync(plan.ctx.dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start when a build output is missing, saying which project builds it', async () => {
    const { stack, plan } = await fakeStack([
      {
        ...fakeService('api'),
        project: 'services/api',
        requires: () => ['services/api/dist/nothing-here.js'],
      },
    ]);
    try {
      await expect(stack.start()).rejects.toThrow(
        'api needs services/api/dist/nothing-here.js, which does not exist (build services/api)',
      );
    } finally {
      rmSync(plan.ctx.dataDir, { recursive: true, force: true });
    }
  });
});
