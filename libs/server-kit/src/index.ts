export * from './env';
export * from './logging/logger';
export * from './logging/logging.module';
export * from './redis/redis-options';
export * from './redis/redis-client';
export * from './mongo/mongo-connection';
export * from './health/dependency-indicators';
export * from './bootstrap/run-server';
