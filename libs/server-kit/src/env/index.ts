export * from './env';
export * from './server-env';
