import { rmSync } from 'node:fs';
import { planStack } from './plan';
import { APP_SERVICES } from './services';
import { Stack } from './stack';

describe('the print simulator in the stack', () => {
  jest.setTimeout(60_000);

  it('starts it from source and hands the worker its address and the shared API secret', async () => {
    const services = APP_SERVICES.filter((service) => service.name === 'print-simulator');
    const plan = await planStack({
      env: process.env,
      ephemeral: true,
      withoutInfra: true,
      services,
    });
    const { PRINT_API_URL: simulatorUrl, PRINT_API_SECRET: secret } = plan.ctx.env;
    expect(simulatorUrl).toBe(`http://localhost:${plan.ctx.ports['print-simulator']}`);
    expect(secret).toMatch(/^[a-f\d]{48}$/);

    const stack = new Stack(plan.services, plan.ctx, {
      output: () => undefined,
      stopTimeoutMs: 3_000,
      readyTimeoutMs: 30_000,
    });
    try {
      await stack.start();
      const token = (secretTried: string) =>
        fetch(`${simulatorUrl}/auth/realms/glasstree/protocol/openid-connect/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: 'mechabrim-print-simulator',
            client_secret: secretTried,
          }),
        });
      // The stack's secret is the one the simulator checks, not the development default.
      expect((await token(secret ?? '')).status).toBe(200);
      expect((await token('mechabrim-print-simulator-development-secret')).status).toBe(401);
    } finally {
      await stack.stop();
      rmSync(plan.ctx.dataDir, { recursive: true, force: true });
    }
  });
});
