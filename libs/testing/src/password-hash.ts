/**
 * The least argon2id allows (8 KiB, one pass), for the API that tests start: the suites and the
 * journeys register and sign in accounts in most tests, and a hash at OWASP's cost (production's)
 * takes ~60 ms of a core. Hashing is still real argon2id; only its cost is lower, and the API
 * refuses this in production.
 */
export const CHEAP_PASSWORD_HASH_ENV = {
  PASSWORD_HASH_MEMORY_KIB: '8',
  PASSWORD_HASH_PASSES: '1',
} as const;
