import { fallbackAfterFailedCi, planInstall } from './ensure-deps.mjs';

describe('planInstall', () => {
  it('runs npm ci on a fresh clone', () => {
    expect(planInstall({ hasLockfile: true, hasNodeModules: false })).toEqual({
      args: ['ci'],
      reason: 'node_modules is missing',
    });
  });

  it('runs npm install when there is no lockfile', () => {
    expect(planInstall({ hasLockfile: false, hasNodeModules: false })?.args).toEqual(['install']);
  });

  it('does nothing when node_modules was installed from the current lockfile', () => {
    expect(
      planInstall({
        hasLockfile: true,
        hasNodeModules: true,
        lockfileMtimeMs: 1_000,
        installedMtimeMs: 1_050,
      }),
    ).toBeNull();
  });

  it('tolerates the lockfile and the install marker being written in the same second', () => {
    expect(
      planInstall({
        hasLockfile: true,
        hasNodeModules: true,
        lockfileMtimeMs: 1_800,
        installedMtimeMs: 1_000,
      }),
    ).toBeNull();
  });

  it('updates node_modules in place when the lockfile changed since the last install', () => {
    expect(
      planInstall({
        hasLockfile: true,
        hasNodeModules: true,
        lockfileMtimeMs: 90_000,
        installedMtimeMs: 1_000,
      }),
    ).toEqual({
      args: ['install', '--no-save'],
      reason: 'package-lock.json is newer than node_modules',
    });
  });

  it('installs cleanly from the lockfile when node_modules exists but npm never wrote its marker', () => {
    expect(planInstall({ hasLockfile: true, hasNodeModules: true, lockfileMtimeMs: 1 })).toEqual({
      args: ['ci'],
      reason: 'node_modules was not installed by npm',
    });
  });
});

describe('fallbackAfterFailedCi', () => {
  it('reconciles the lockfile with npm install on a developer machine', () => {
    expect(fallbackAfterFailedCi({ ci: false })).toEqual(['install']);
  });

  it('fails under CI rather than hide a lockfile out of step', () => {
    expect(fallbackAfterFailedCi({ ci: true })).toBeNull();
  });
});
