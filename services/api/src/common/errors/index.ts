export * from './domain-error';
export * from './error-body';
export * from './error-status';
