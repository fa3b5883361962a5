export * from './env';
export * from './server-env';
export * from './split-policy-env';
export * from './payment-provider-env';
export * from './payouts-env';
