export * from './refund-port';
export * from './tranzila-auth';
export * from './tranzila-refunds';
export * from './payment-refunds';
