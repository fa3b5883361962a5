import { ConfigError, loadApiConfig } from './api-config';
import { DEV_PAYMENT_SIMULATOR_SECRET } from './payments-config';

describe('payments configuration', () => {
  it('defaults to the local simulator, a 30-minute pending time and a 1 s outbox poll', () => {
    const { payments } = loadApiConfig({ API_PORT: '3999' });
    expect(payments).toMatchObject({
      provider: 'simulator',
      simulator: { url: 'http://127.0.0.1:4300', secret: DEV_PAYMENT_SIMULATOR_SECRET },
      notifyBaseUrl: 'http://localhost:3999',
      shopUrl: 'http://localhost:4200',
      pendingTtlMinutes: 30,
      outboxPollIntervalMs: 1000,
      tranzila: {
        handshake: true,
        hostedUrl: 'https://direct.tranzila.com',
        handshakeUrl: 'https://secure5.tranzila.com/cgi-bin/tranzila71dt.cgi',
      },
    });
  });

  it('requires the terminal and API keys when PAYMENT_PROVIDER=tranzila', () => {
    expect(() => loadApiConfig({ PAYMENT_PROVIDER: 'tranzila' })).toThrow(ConfigError);
    const refusal = (() => {
      try {
        loadApiConfig({ PAYMENT_PROVIDER: 'tranzila', TRANZILA_TERMINAL: 'shop' });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    // Outside the catch: a configuration that stopped requiring the secrets fails here.
    expect(refusal).toBeInstanceOf(ConfigError);
    const variables = (refusal as ConfigError).problems.map((p) => p.variable);
    expect(variables).toEqual(['TRANZILA_APP_KEY', 'TRANZILA_SECRET', 'TRANZILA_PW']);
    // The amount lock is on unless turned off; without it the password is not needed.
    expect(
      loadApiConfig({
        PAYMENT_PROVIDER: 'tranzila',
        TRANZILA_TERMINAL: 'shop',
        TRANZILA_APP_KEY: 'k',
        TRANZILA_SECRET: 's',
        TRANZILA_HANDSHAKE: 'false',
      }).payments.tranzila.handshake,
    ).toBe(false);
    const { payments } = loadApiConfig({
      PAYMENT_PROVIDER: 'tranzila',
      TRANZILA_TERMINAL: 'shop',
      TRANZILA_APP_KEY: 'k',
      TRANZILA_SECRET: 's',
      TRANZILA_PW: 'pw',
      PUBLIC_SHOP_URL: 'https://mechabrim.co.il/',
    });
    expect(payments.tranzila).toMatchObject({ terminal: 'shop', handshake: true, password: 'pw' });
    expect(payments.shopUrl).toBe('https://mechabrim.co.il');
  });

  it('names a bad value', () => {
    expect(() => loadApiConfig({ ORDER_PENDING_TTL_MINUTES: '0' })).toThrow(
      /ORDER_PENDING_TTL_MINUTES/,
    );
    expect(() => loadApiConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });
});
