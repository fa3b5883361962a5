import { randomBytes } from 'node:crypto';
import { ConfigError, loadApiConfig } from './api-config';
import { DEV_PAYOUT_DETAILS_KEY } from './payouts-config';

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-length',
  MONGODB_URI: 'mongodb://db.example/mechabrim',
  REDIS_URL: 'redis://cache.example:6379',
  PAYMENT_PROVIDER: 'tranzila',
  TRANZILA_TERMINAL: 'mechabrim',
  TRANZILA_APP_KEY: 'app-key',
  TRANZILA_SECRET: 'tranzila-secret',
  TRANZILA_PW: 'terminal-password',
};

describe('payouts configuration', () => {
  it('seals with the development key and withholds 30% by default outside production', () => {
    const { payouts } = loadApiConfig({});
    expect(payouts.detailsKey?.equals(Buffer.from(DEV_PAYOUT_DETAILS_KEY, 'base64'))).toBe(true);
    expect(payouts.withholdingPercent).toBe(30);
  });

  it('has no key in production without PAYOUT_DETAILS_KEY, and refuses the development one', () => {
    expect(loadApiConfig(production).payouts.detailsKey).toBeNull();
    expect(() =>
      loadApiConfig({ ...production, PAYOUT_DETAILS_KEY: DEV_PAYOUT_DETAILS_KEY }),
    ).toThrow(/PAYOUT_DETAILS_KEY: is the public development key/);
    const key = randomBytes(32).toString('base64');
    expect(
      loadApiConfig({ ...production, PAYOUT_DETAILS_KEY: key }).payouts.detailsKey?.length,
    ).toBe(32);
  });

  it('refuses a key that is not 32 bytes of base64 and a rate out of range', () => {
    expect(() => loadApiConfig({ PAYOUT_DETAILS_KEY: 'c2hvcnQ=' })).toThrow(ConfigError);
    expect(() => loadApiConfig({ PAYOUT_WITHHOLDING_PERCENT: '75' })).toThrow(
      /PAYOUT_WITHHOLDING_PERCENT/,
    );
    expect(loadApiConfig({ PAYOUT_WITHHOLDING_PERCENT: '20' }).payouts.withholdingPercent).toBe(20);
  });
});
