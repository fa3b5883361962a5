import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A value encrypted at rest with AES-256-GCM (node:crypto): a fresh 96-bit nonce per seal, the
 * 128-bit tag, and additional authenticated data that binds the value to its owner, so a sealed
 * value copied onto another record does not open. Fields are base64; `v` names the format.
 */
export interface SealedValue {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

/** The length of an AES-256 key in bytes. */
export const SEALING_KEY_BYTES = 32;

/** Reads a base64 key of exactly 32 bytes, or throws naming what is wrong (no key material). */
export function sealingKeyFromBase64(text: string): Buffer {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) throw new Error('must be base64');
  const key = Buffer.from(trimmed, 'base64');
  if (key.length !== SEALING_KEY_BYTES)
    throw new Error(`must be ${SEALING_KEY_BYTES} bytes in base64 (got ${key.length})`);
  return key;
}

/** Encrypts `plaintext` (UTF-8) for `owner` (the additional authenticated data). */
export function seal(key: Buffer, plaintext: string, owner: string): SealedValue {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(owner, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    v: 1,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/**
 * Decrypts a sealed value for `owner`; throws when the key, the owner or any byte differs (GCM's
 * tag), so a tampered or misplaced value is never read as data.
 */
export function unseal(key: Buffer, sealed: SealedValue, owner: string): string {
  if (sealed.v !== 1) throw new Error(`unknown sealed value format ${String(sealed.v)}`);
  const tag = Buffer.from(sealed.tag, 'base64');
  if (tag.length !== 16) throw new Error('sealed value has a bad tag');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(owner, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.data, 'base64')),
    decipher.final(),
  ]).toString('utf8');
}
