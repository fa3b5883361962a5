import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file under `DATA_DIR` that keeps a development secret generated on first start. */
export const JWT_SECRET_FILE = 'jwt-secret';

/** 32 random bytes, base64url: 43 characters, 256 bits. */
const GENERATED_SECRET_BYTES = 32;

// Not `instanceof Error`: errors from node's own modules may come from another realm (Jest).
const isNodeError = (error: unknown, code: string) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;

function readSecret(file: string): string | undefined {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    return secret.length >= 32 ? secret : undefined;
  } catch (error) {
    if (isNodeError(error, 'ENOENT')) return undefined;
    throw error;
  }
}

/**
 * The secret signing session tokens when `JWT_SECRET` is unset outside production: random,
 * generated once and kept in `<dataDir>/jwt-secret` (readable by its owner only), so sessions
 * survive a restart and no secret anyone can read in the source is ever accepted. Several
 * processes starting at once agree on one: the file is created exclusively and whoever loses the
 * race reads the winner's.
 */
export function developmentJwtSecret(dataDir: string): string {
  const file = path.resolve(dataDir, JWT_SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  const generated = randomBytes(GENERATED_SECRET_BYTES).toString('base64url');
  try {
    writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (error) {
    if (!isNodeError(error, 'EEXIST')) throw error;
  }
  // Another process created it between our read and our write; a file too short to be one of
  // ours (edited by hand) is replaced.
  const raced = readSecret(file);
  if (raced) return raced;
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  return generated;
}
