import { missingMessage, planSystem } from './ensure-system.mjs';

const facts = {
  needRedis: true,
  needChromium: false,
  hasRedis: true,
  hasChromium: true,
  hasApt: true,
  isRoot: false,
  hasSudo: false,
};

describe('planSystem', () => {
  it('does nothing when the programs are there', () => {
    expect(planSystem(facts)).toEqual({ action: 'none' });
  });

  it('does not need redis-server when REDIS_URL points at a running Redis', () => {
    expect(planSystem({ ...facts, needRedis: false, hasRedis: false })).toEqual({ action: 'none' });
  });

  it('installs what is missing with apt-get as root', () => {
    expect(
      planSystem({
        ...facts,
        hasRedis: false,
        needChromium: true,
        hasChromium: false,
        isRoot: true,
      }),
    ).toEqual({
      action: 'install',
      packages: ['redis-server', 'chromium'],
      sudo: false,
    });
  });

  it('goes through sudo when it may without a password', () => {
    expect(planSystem({ ...facts, hasRedis: false, hasSudo: true })).toEqual({
      action: 'install',
      packages: ['redis-server'],
      sudo: true,
    });
  });

  it('asks only for chromium when the browser tests need it', () => {
    expect(planSystem({ ...facts, needChromium: true, hasChromium: false })).toEqual({
      action: 'fail',
      message: missingMessage(['chromium']),
    });
  });

  it('fails with one line naming the package and REDIS_URL when it cannot install', () => {
    const plan = planSystem({ ...facts, hasRedis: false });
    expect(plan).toEqual({
      action: 'fail',
      message:
        'redis-server is missing: install it (apt-get install redis-server) or set REDIS_URL to a running Redis.',
    });
  });

  it('fails without apt-get even as root', () => {
    expect(planSystem({ ...facts, hasRedis: false, isRoot: true, hasApt: false }).action).toBe(
      'fail',
    );
  });

  it('keeps the message on one line when both are missing', () => {
    const message = missingMessage(['redis-server', 'chromium']);
    expect(message).not.toContain('\n');
    expect(message).toContain('REDIS_URL');
    expect(message).toContain('CHROMIUM_PATH');
  });
});
