import { existsSync } from 'node:fs';
import { REPO_ROOT } from './plan';
import { packageBin } from './package-bin';

describe('packageBin', () => {
  it('finds the script behind a command named like its package', () => {
    expect(packageBin(REPO_ROOT, 'nx')).toMatch(/node_modules\/nx\/.+\.js$/);
    expect(existsSync(packageBin(REPO_ROOT, 'nx'))).toBe(true);
  });

  it('finds a command named differently from its package', () => {
    expect(existsSync(packageBin(REPO_ROOT, 'typescript', 'tsc'))).toBe(true);
  });

  it('says so when the package has no such command', () => {
    expect(() => packageBin(REPO_ROOT, 'typescript', 'nope')).toThrow(
      'typescript has no "nope" command',
    );
  });
});
