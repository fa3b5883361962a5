import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:net';
import { busyPortMessages, isPortFree, portInUseMessage } from './ports';
import { ConfigError, planStack, readPort } from './plan';

describe('readPort', () => {
  it('uses the default when the variable is unset or empty', () => {
    expect(readPort({}, 'API_PORT', 3000)).toBe(3000);
    expect(readPort({ API_PORT: '' }, 'API_PORT', 3000)).toBe(3000);
  });

  it('reads a port number', () => {
    expect(readPort({ API_PORT: '8080' }, 'API_PORT', 3000)).toBe(8080);
  });

  it.each(['0', '65536', '80.5', 'http'])('rejects %s, naming the variable', (value) => {
    expect(() => readPort({ API_PORT: value }, 'API_PORT', 3000)).toThrow(ConfigError);
    expect(() => readPort({ API_PORT: value }, 'API_PORT', 3000)).toThrow(
      /^API_PORT must be a port number/,
    );
  });
});

describe('port in use', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is seen as busy', async () => {
    expect(await isPortFree(port)).toBe(false);
  });

  it('gives a message naming the variable that moves it', async () => {
    expect(portInUseMessage({ port: 3000, variable: 'API_PORT' })).toBe(
      'Port 3000 is in use — set API_PORT to another port',
    );
    expect(await busyPortMessages([{ port, variable: 'SHELL_PORT' }])).toEqual([
      `Port ${port} is in use — set SHELL_PORT to another port`,
    ]);
  });
});

describe('planStack', () => {
  it('npm start: fixed ports from the variables, data under DATA_DIR, URLs for the children', async () => {
    const plan = await planStack({
      env: {
        PATH: '',
        API_PORT: '3300',
        REDIS_URL: 'redis://cache:6379',
        DATA_DIR: '/srv/mechabrim',
      },
      root: '/repo',
      ephemeral: false,
    });
    expect(plan.ctx.dataDir).toBe('/srv/mechabrim');
    expect(plan.services.map((s) => s.name)).toEqual([
      'mongo',
      'shell',
      'storefront',
      'checkout',
      'author-portal',
      'payment-simulator',
      'print-simulator',
      'api',
      'worker',
    ]);
    expect(plan.external).toEqual(new Set(['redis']));
    expect(plan.fixedPorts).toContainEqual({ port: 3300, variable: 'API_PORT' });
    expect(plan.fixedPorts).toContainEqual({ port: 27027, variable: 'EMBEDDED_MONGO_PORT' });
    expect(plan.ctx.env).toMatchObject({
      MONGODB_URI: 'mongodb://127.0.0.1:27027/mechabrim',
      REDIS_URL: 'redis://cache:6379',
      API_UPSTREAM_URL: 'http://localhost:3300',
      TRUST_PROXY: 'loopback',
      CORS_ORIGINS:
        'http://localhost:4200,http://localhost:4201,http://localhost:4202,http://localhost:4203',
      SHELL_PORT: '4200',
      NODE_ENV: 'development',
      PRINT_API_URL: 'http://localhost:4400',
      PRINT_SIMULATOR_WEBHOOK_URL: 'http://localhost:3300/api/print/callback',
    });
    expect(plan.ctx.env.PRINT_API_SECRET).toMatch(/^[a-f\d]{48}$/);
    expect(plan.ctx.env.DEV_MAIL).toBe('true');
  });

  it('npm start: the API and the worker reach the payment simulator with the same fresh secret', async () => {
    const plan = await planStack({ env: { PATH: '' }, root: '/repo', ephemeral: false });
    const secret = plan.ctx.env.PAYMENT_SIMULATOR_SECRET;
    expect(secret).toMatch(/^[a-f\d]{48}$/);
    for (const name of ['api', 'worker']) {
      const service = plan.services.find((candidate) => candidate.name === name);
      const { env } = service?.command(plan.ctx) ?? {};
      expect({ name, ...plan.ctx.env, ...env }).toMatchObject({
        name,
        PAYMENT_SIMULATOR_URL: 'http://localhost:4300',
        PAYMENT_SIMULATOR_SECRET: secret,
      });
    }
    // Another start, another secret; one the operator set is kept.
    const again = await planStack({ env: { PATH: '' }, root: '/repo', ephemeral: false });
    expect(again.ctx.env.PAYMENT_SIMULATOR_SECRET).not.toBe(secret);
    const kept = await planStack({
      env: { PATH: '', PAYMENT_SIMULATOR_SECRET: 'set-by-the-operator-0001' },
      root: '/repo',
      ephemeral: false,
    });
    expect(kept.ctx.env.PAYMENT_SIMULATOR_SECRET).toBe('set-by-the-operator-0001');
  });

  it('npm start: no local mail outbox page in production', async () => {
    const plan = await planStack({
      env: { PATH: '', NODE_ENV: 'production', MONGODB_URI: 'mongodb://db:27017/shop' },
      root: '/repo',
      ephemeral: false,
    });
    expect(plan.services.map((s) => s.name)).toContain('worker');
    expect(plan.ctx.env.DEV_MAIL).toBeUndefined();
  });

  it('npm start: MONGODB_URI is used as given and nothing starts for it', async () => {
    const plan = await planStack({
      env: { PATH: '', MONGODB_URI: 'mongodb://db.internal:27017/shop?replicaSet=rs0' },
      root: '/repo',
      ephemeral: false,
    });
    expect(plan.services.map((s) => s.name)).not.toContain('mongo');
    expect(plan.ctx.mongoUri).toBe('mongodb://db.internal:27017/shop?replicaSet=rs0');
  });

  it('npm start: a mongod on PATH runs as the one-node replica set rs0 with its data in DATA_DIR/mongod', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'fake-mongod-'));
    writeFileSync(join(bin, 'mongod'), '#!/bin/sh\n');
    chmodSync(join(bin, 'mongod'), 0o755);
    try {
      const plan = await planStack({
        env: { PATH: bin, DATA_DIR: '/srv/data' },
        root: '/repo',
        ephemeral: false,
      });
      const mongo = plan.services.find((service) => service.name === 'mongo');
      expect(mongo?.command(plan.ctx)).toEqual({
        command: join(bin, 'mongod'),
        args: [
          '--dbpath',
          '/srv/data/mongod',
          '--port',
          '27017',
          '--bind_ip',
          '127.0.0.1',
          '--replSet',
          'rs0',
          '--quiet',
        ],
      });
      expect(plan.fixedPorts).toContainEqual({ port: 27017, variable: 'MONGOD_PORT' });
      expect(plan.ctx.mongoUri).toBe('mongodb://127.0.0.1:27017/mechabrim?directConnection=true');
      expect(mongo?.afterReady).toBeDefined();
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('startStack: free ports, a temporary folder, its own URLs whatever the environment says', async () => {
    const plan = await planStack({
      env: {
        PATH: '',
        API_PORT: '3000',
        REDIS_URL: 'redis://elsewhere:6379',
        STOREFRONT_REMOTE_URL: 'https://cdn.example/storefront',
        PUBLIC_API_URL: 'https://api.mechabrim.co.il',
        CORS_ORIGINS: 'https://mechabrim.co.il',
      },
      ephemeral: true,
    });
    try {
      const ports = Object.values(plan.ctx.ports);
      expect(new Set(ports).size).toBe(ports.length);
      expect(plan.ctx.ports.api).not.toBe(3000);
      expect(plan.fixedPorts).toEqual([]);
      expect(plan.ctx.redisUrl).toMatch(
        new RegExp(`^redis://:[\\w-]{32}@127\\.0\\.0\\.1:${plan.ctx.ports.redis}$`),
      );
      expect(plan.ctx.env.REDIS_URL).toBe(plan.ctx.redisUrl);
      expect(plan.ctx.env.STOREFRONT_REMOTE_URL).toBeUndefined();
      expect(plan.ctx.env.API_PORT).toBe(String(plan.ctx.ports.api));
      // Pages call the API on their own origin, proxied to this stack's API.
      expect(plan.ctx.env.PUBLIC_API_URL).toBeUndefined();
      expect(plan.ctx.env.API_UPSTREAM_URL).toBe(`http://localhost:${plan.ctx.ports.api}`);
      expect(plan.ctx.env.CORS_ORIGINS).toContain(`http://localhost:${plan.ctx.ports.shell}`);
      expect(plan.ctx.env.CORS_ORIGINS).not.toContain('mechabrim.co.il');
    } finally {
      rmSync(plan.ctx.dataDir, { recursive: true, force: true });
    }
  });
});
