import { OWASP_PASSWORD_HASH_COST, type PasswordHashCost } from '@mechabrim/db';
import { integerVar } from '@mechabrim/server-kit';
import type { z } from 'zod';

/**
 * What hashing one password costs (argon2id). Production keeps at least OWASP's minimum; the
 * tests, which register and sign in accounts in most cases, set the least argon2 allows, where a
 * hash at OWASP's cost takes ~60 ms of a core.
 */
export const passwordsEnvShape = {
  PASSWORD_HASH_MEMORY_KIB: integerVar({
    default: OWASP_PASSWORD_HASH_COST.memoryKib,
    min: 8,
    max: 4 * 1024 * 1024,
    description:
      "Memory one argon2id password hash uses, in KiB; with `NODE_ENV=production` at least OWASP's 19456. A stored hash keeps its own cost, so a change applies to new passwords only",
  }),
  PASSWORD_HASH_PASSES: integerVar({
    default: OWASP_PASSWORD_HASH_COST.passes,
    min: 1,
    max: 64,
    description:
      "Passes of one argon2id password hash over its memory; with `NODE_ENV=production` at least OWASP's 2",
  }),
};

/** A `superRefine` step: production never hashes passwords below OWASP's minimum. */
export function refuseWeakPasswordHashInProduction(
  env: { NODE_ENV: string; PASSWORD_HASH_MEMORY_KIB: number; PASSWORD_HASH_PASSES: number },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV !== 'production') return;
  const least = {
    PASSWORD_HASH_MEMORY_KIB: OWASP_PASSWORD_HASH_COST.memoryKib,
    PASSWORD_HASH_PASSES: OWASP_PASSWORD_HASH_COST.passes,
  } as const;
  for (const [name, minimum] of Object.entries(least))
    if (env[name as keyof typeof least] < minimum)
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is below OWASP's minimum (${minimum}), refused when NODE_ENV=production`,
      });
}

/** The configured cost. */
export function toPasswordHashCost(env: {
  PASSWORD_HASH_MEMORY_KIB: number;
  PASSWORD_HASH_PASSES: number;
}): PasswordHashCost {
  return { memoryKib: env.PASSWORD_HASH_MEMORY_KIB, passes: env.PASSWORD_HASH_PASSES };
}
