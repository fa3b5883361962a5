import argon2 from 'argon2';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes); shared by the API and the seed. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** A valid hash of a random secret: verifying against it costs the same as a real check. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown e-mail) it still spends the time
 * of a real check, so the answer time does not tell which e-mails are registered.
 */
export async function verifyPassword(
  hash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
