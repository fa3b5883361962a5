import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { planStack } from './plan';
import { APP_SERVICES } from './services';
import { Stack } from './stack';

describe('the payment simulator in the stack', () => {
  jest.setTimeout(60_000);

  it('starts it from source and hands the API its address and the shared notify secret', async () => {
    const services = APP_SERVICES.filter((service) => service.name === 'payment-simulator');
    const plan = await planStack({
      env: process.env,
      ephemeral: true,
      withoutInfra: true,
      services,
    });
    const { PAYMENT_SIMULATOR_URL: simulatorUrl, PAYMENT_SIMULATOR_SECRET: secret } = plan.ctx.env;
    expect(simulatorUrl).toBe(`http://localhost:${plan.ctx.ports['payment-simulator']}`);
    expect(secret).toMatch(/^[a-f\d]{48}$/);

    const notifies: { body: string; signature: unknown }[] = [];
    const shop: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        notifies.push({ body, signature: request.headers['x-simulator-signature'] });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const stack = new Stack(plan.services, plan.ctx, {
      output: () => undefined,
      stopTimeoutMs: 3_000,
      readyTimeoutMs: 30_000,
    });
    try {
      await stack.start();
      // The amount lock, asked with the shared secret as the terminal's password (as the API does).
      const handshake = await fetch(`${simulatorUrl}/cgi-bin/tranzila71dt.cgi`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          supplier: 'mechabrim',
          TranzilaPW: secret ?? '',
          sum: '10.00',
          currency: '1',
          op: '1',
        }),
      });
      const thtk = new URLSearchParams(await handshake.text()).get('thtk') ?? '';
      expect(thtk).not.toBe('');
      const answer = await fetch(`${simulatorUrl}/mechabrim/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          sum: '10.00',
          currency: '1',
          payment_ref: 'c'.repeat(22),
          thtk,
          success_url_address: 'http://shop.test/payment/iframe/success',
          fail_url_address: 'http://shop.test/payment/iframe/failed',
          notify_url_address: `http://127.0.0.1:${(shop.address() as AddressInfo).port}/notify`,
          ccno: '4580458045804580',
          expdate: '1299',
          mycvv: '123',
          myid: '123456782',
        }),
        redirect: 'manual',
      });
      expect(answer.status).toBe(303);
      expect(notifies).toHaveLength(1);
      const [notify] = notifies;
      expect(notify?.signature).toBe(
        createHmac('sha256', secret ?? '')
          .update(notify?.body ?? '')
          .digest('hex'),
      );
    } finally {
      await stack.stop();
      await new Promise<void>((resolve) => shop.close(() => resolve()));
      rmSync(plan.ctx.dataDir, { recursive: true, force: true });
    }
  });
});
