import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { developmentJwtSecret, JWT_SECRET_FILE } from './jwt-secret';

describe('developmentJwtSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jwt-secret-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('generates a 256-bit secret once, in a file only its owner can read, and reuses it', () => {
    const dataDir = path.join(dir, 'nested', 'data');
    const first = developmentJwtSecret(dataDir);
    expect(first).toMatch(/^[\w-]{43}$/);
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(developmentJwtSecret(dataDir)).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
  });

  it('gives different folders different secrets', () => {
    expect(developmentJwtSecret(path.join(dir, 'a'))).not.toBe(
      developmentJwtSecret(path.join(dir, 'b')),
    );
  });

  it('replaces a file too short to be a generated secret', () => {
    writeFileSync(path.join(dir, JWT_SECRET_FILE), 'short\n');
    expect(developmentJwtSecret(dir)).toMatch(/^[\w-]{43}$/);
  });
});
