import { planInstall } from './ensure-deps.mjs';

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
    ).toEqual({ args: ['install'], reason: 'package-lock.json is newer than node_modules' });
  });

  it('installs when node_modules exists but npm never wrote its marker', () => {
    expect(
      planInstall({ hasLockfile: true, hasNodeModules: true, lockfileMtimeMs: 1 })?.args,
    ).toEqual(['install']);
  });
});
