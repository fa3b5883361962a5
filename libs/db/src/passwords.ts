import argon2 from 'argon2';

/** What one argon2id hash costs: memory in KiB and passes over it. */
export interface PasswordHashCost {
  memoryKib: number;
  passes: number;
}

/**
 * OWASP's recommended minimum for argon2id (19 MiB, 2 passes): the default, and the least the API
 * accepts in production. The seed hashes the demo accounts with it.
 */
export const OWASP_PASSWORD_HASH_COST: PasswordHashCost = { memoryKib: 19_456, passes: 2 };

/** Hashes passwords and checks them against stored hashes, at one cost. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a stored hash. With no hash (unknown e-mail) it still spends the
   * time of a real check, so the answer time does not tell which e-mails are registered.
   */
  verify(hash: string | null | undefined, password: string): Promise<boolean>;
}

/**
 * A hasher at `cost`. A stored hash names the cost it was made with, so a check reads it from
 * there: hashes made at another cost (the seed's, an older setting's) still verify.
 */
export function passwordHasher(cost: PasswordHashCost = OWASP_PASSWORD_HASH_COST): PasswordHasher {
  const options = {
    type: argon2.argon2id,
    memoryCost: cost.memoryKib,
    timeCost: cost.passes,
    parallelism: 1,
  } as const;
  const hash = (password: string) => argon2.hash(password, options);
  // A valid hash of a random secret: verifying against it costs the same as a real check.
  let decoyHash: Promise<string> | undefined;
  return {
    hash,
    async verify(stored, password) {
      if (!stored) {
        decoyHash ??= hash(`decoy-${Math.random()}`);
        await argon2.verify(await decoyHash, password).catch(() => false);
        return false;
      }
      try {
        return await argon2.verify(stored, password);
      } catch {
        return false;
      }
    },
  };
}

const owaspHasher = passwordHasher();

/** Hashes a password with argon2id at OWASP's cost (the seed's demo accounts). */
export function hashPassword(password: string): Promise<string> {
  return owaspHasher.hash(password);
}

/** Checks a password against a stored hash (`PasswordHasher.verify`, decoy at OWASP's cost). */
export function verifyPassword(
  hash: string | null | undefined,
  password: string,
): Promise<boolean> {
  return owaspHasher.verify(hash, password);
}
