import { ConfigError, loadApiConfig } from './api-config';

/** What production needs: its own secrets, its databases and a real payment provider. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-long-production-secret',
  MONGODB_URI: 'mongodb://db:27017/mechabrim',
  REDIS_URL: 'redis://cache:6379',
  PAYMENT_PROVIDER: 'tranzila',
  TRANZILA_TERMINAL: 'mechabrim',
  TRANZILA_APP_KEY: 'app-key',
  TRANZILA_SECRET: 'tranzila-secret',
  TRANZILA_PW: 'terminal-password',
};

describe('loadApiConfig', () => {
  it('uses the development defaults listed in docs/configuration.md', () => {
    const config = loadApiConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      shutdownTimeoutMs: 8000,
      mongodbUri: 'mongodb://127.0.0.1:27027/mechabrim',
      redisUrl: 'redis://127.0.0.1:6379',
      logLevel: 'info',
      publicApiUrl: '',
      jwt: { expiresIn: '7d' },
      passwordHashCost: { memoryKib: 19_456, passes: 2 },
      loginBackoffFirstDelayMs: 1_000,
    });
    expect(config.corsOrigins).toEqual([
      'http://localhost:4200',
      'http://localhost:4201',
      'http://localhost:4202',
      'http://localhost:4203',
    ]);
    expect(config.jwt.secret.length).toBeGreaterThanOrEqual(16);
  });

  it('checks print callbacks with PRINT_API_SECRET; in production never with the development one', () => {
    expect(loadApiConfig({ PRINT_API_SECRET: 'partner-secret' }).print.webhookSecret).toBe(
      'partner-secret',
    );
    expect(loadApiConfig({}).print.webhookSecret).toBe(
      'mechabrim-print-simulator-development-secret',
    );
    expect(loadApiConfig(PRODUCTION).print.webhookSecret).toBe('');
  });

  it('names files by path on the page origin unless PUBLIC_API_URL is set', () => {
    expect(loadApiConfig({ API_PORT: '3999' }).publicApiUrl).toBe('');
    expect(
      loadApiConfig({ API_PORT: '3999', PUBLIC_API_URL: 'https://api.mechabrim.co.il' })
        .publicApiUrl,
    ).toBe('https://api.mechabrim.co.il');
  });

  it('follows EMBEDDED_MONGO_PORT when MONGODB_URI is unset', () => {
    expect(loadApiConfig({ EMBEDDED_MONGO_PORT: '27999' }).mongodbUri).toBe(
      'mongodb://127.0.0.1:27999/mechabrim',
    );
  });

  it('trusts no proxy unless TRUST_PROXY names one', () => {
    expect(loadApiConfig({}).trustProxy).toBe(false);
    expect(loadApiConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadApiConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe(
      'loopback, 10.0.0.0/8',
    );
  });

  it('listens on loopback unless API_HOST says otherwise or NODE_ENV=production', () => {
    expect(loadApiConfig({ API_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadApiConfig(PRODUCTION).host).toBe('0.0.0.0');
  });

  it('treats an empty variable as unset', () => {
    expect(loadApiConfig({ API_PORT: '' }).port).toBe(3000);
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      loadApiConfig({
        API_PORT: '70000',
        LOG_LEVEL: 'loud',
        CORS_ORIGINS: 'localhost:4200',
        MONGODB_URI: 'postgres://x',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const variables = (error as ConfigError).problems.map((p) => p.variable).sort();
    expect(variables).toEqual(['API_PORT', 'CORS_ORIGINS', 'LOG_LEVEL', 'MONGODB_URI']);
    expect((error as Error).message).toMatch(
      /API_PORT: must be a port number 0-65535 \(got "70000"\)/,
    );
  });

  it('takes a longer first sign-in lock, never a shorter one than a second', () => {
    expect(loadApiConfig({ LOGIN_BACKOFF_FIRST_DELAY_MS: '5000' }).loginBackoffFirstDelayMs).toBe(
      5_000,
    );
    expect(() => loadApiConfig({ LOGIN_BACKOFF_FIRST_DELAY_MS: '500' })).toThrow(
      /LOGIN_BACKOFF_FIRST_DELAY_MS/,
    );
  });

  it('requires JWT_SECRET, MONGODB_URI and REDIS_URL in production', () => {
    expect(() => loadApiConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: is required when NODE_ENV=production/,
    );
    const config = loadApiConfig({
      ...PRODUCTION,
      REDIS_URL: 'rediss://:pw@cache:6380/1',
      CORS_ORIGINS: 'https://mechabrim.co.il, https://authors.mechabrim.co.il',
    });
    expect(config.jwt.secret).toBe('a-long-production-secret');
    expect(config.corsOrigins).toEqual([
      'https://mechabrim.co.il',
      'https://authors.mechabrim.co.il',
    ]);
  });

  it('refuses to start in production with the payment simulator or a development secret', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadApiConfig(env);
        return [];
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        return error.problems;
      }
    };
    expect(problems({ ...PRODUCTION, PAYMENT_PROVIDER: 'simulator' })).toEqual([
      {
        variable: 'PAYMENT_PROVIDER',
        message: 'must not be `simulator` when NODE_ENV=production (set PAYMENT_PROVIDER=tranzila)',
      },
    ]);
    // The default provider is the simulator: production must name its provider.
    const { PAYMENT_PROVIDER: _provider, ...withoutProvider } = PRODUCTION;
    expect(problems(withoutProvider).map((p) => p.variable)).toEqual(['PAYMENT_PROVIDER']);
    const developmentSecrets = {
      PAYMENT_SIMULATOR_SECRET: 'mechabrim-payment-simulator-development-secret',
      PRINT_API_SECRET: 'mechabrim-print-simulator-development-secret',
      FILE_URL_SECRET: 'mechabrim-file-url-development-secret',
    };
    expect(problems({ ...PRODUCTION, ...developmentSecrets })).toEqual(
      Object.keys(developmentSecrets).map((variable) => ({
        variable,
        message: 'is the development secret, refused when NODE_ENV=production',
      })),
    );
    // Outside production the simulator and its secret are the defaults.
    expect(problems({ ...developmentSecrets, PAYMENT_PROVIDER: 'simulator' })).toEqual([]);
  });

  it("hashes passwords at OWASP's cost unless told otherwise, and never below it in production", () => {
    const cheap = { PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_PASSES: '1' };
    expect(loadApiConfig(cheap).passwordHashCost).toEqual({ memoryKib: 8, passes: 1 });
    expect(loadApiConfig(PRODUCTION).passwordHashCost).toEqual({ memoryKib: 19_456, passes: 2 });
    expect(() => loadApiConfig({ ...PRODUCTION, ...cheap })).toThrow(
      /PASSWORD_HASH_MEMORY_KIB: is below OWASP's minimum \(19456\), refused when NODE_ENV=production[\s\S]*PASSWORD_HASH_PASSES: is below OWASP's minimum \(2\)/,
    );
    expect(() => loadApiConfig({ PASSWORD_HASH_MEMORY_KIB: '4' })).toThrow(
      /PASSWORD_HASH_MEMORY_KIB: must be an integer 8-4194304/,
    );
  });

  it('makes cookies Secure when browsers reach the API over https, behind a proxy too', () => {
    expect(loadApiConfig({}).secureCookies).toBe(false);
    expect(loadApiConfig({ PUBLIC_SHOP_URL: 'https://mechabrim.co.il' }).secureCookies).toBe(true);
    expect(loadApiConfig({ PUBLIC_API_URL: 'https://api.mechabrim.co.il' }).secureCookies).toBe(
      true,
    );
    // A split origin: the browser opens the API's own address.
    expect(
      loadApiConfig({
        PUBLIC_API_URL: 'http://api.mechabrim.test',
        PUBLIC_SHOP_URL: 'https://mechabrim.test',
      }).secureCookies,
    ).toBe(false);
  });
});
