/** A small ioredis client used only for health pings (BullMQ's own connections block). */
export const HEALTH_REDIS = Symbol('HEALTH_REDIS');
