import {
  lockWaitSeconds,
  missingMessage,
  parseProcLocks,
  planLockWait,
  planSystem,
} from './ensure-system.mjs';

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

  it("installs poppler-utils for the tests' PDF reading when pdftotext is missing", () => {
    expect(planSystem({ ...facts, isRoot: true, needPdfTools: true, hasPdfTools: false })).toEqual({
      action: 'install',
      packages: ['poppler-utils'],
      sudo: false,
    });
    expect(planSystem({ ...facts, needPdfTools: true, hasPdfTools: true })).toEqual({
      action: 'none',
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

describe('waiting for the package manager', () => {
  const state = {
    holders: [{ pid: 812, name: 'unattended-upgr' }],
    waitedMs: 0,
    timeoutMs: 600_000,
    announced: false,
    packages: ['redis-server'],
  };

  it('reads who holds which file from /proc/locks, leaving out waiters', () => {
    const text = [
      '1: POSIX  ADVISORY  WRITE 812 fe:00:402117 0 EOF',
      '1: -> POSIX  ADVISORY  WRITE 990 fe:00:402117 0 EOF',
      '2: FLOCK  ADVISORY  WRITE 16219 103:0a:2146541 0 EOF',
      '',
    ].join('\n');
    expect(parseProcLocks(text)).toEqual([
      { pid: 812, device: '254:0', inode: '402117' },
      { pid: 16219, device: '259:10', inode: '2146541' },
    ]);
  });

  it('goes on at once when nobody holds a lock', () => {
    expect(planLockWait({ ...state, holders: [] })).toEqual({ action: 'go' });
  });

  it('says once that it waits, naming who holds the lock', () => {
    expect(planLockWait(state)).toEqual({
      action: 'wait',
      say: '[setup] waiting for the package manager (apt/dpkg lock held by unattended-upgr (pid 812)), up to 600 s…',
    });
    expect(planLockWait({ ...state, waitedMs: 5000, announced: true })).toEqual({
      action: 'wait',
      say: null,
    });
  });

  it('gives up after the bounded time with one line saying what to do', () => {
    const step = planLockWait({ ...state, waitedMs: 600_000, announced: true });
    expect(step).toEqual({
      action: 'fail',
      message: `the package manager stayed busy for 600 s (apt/dpkg lock held by unattended-upgr (pid 812); APT_LOCK_WAIT_SECONDS waits longer) — ${missingMessage(['redis-server'])}`,
    });
    expect(step.action === 'fail' && step.message).not.toContain('\n');
  });

  it('waits APT_LOCK_WAIT_SECONDS, 600 by default', () => {
    expect(lockWaitSeconds({})).toBe(600);
    expect(lockWaitSeconds({ APT_LOCK_WAIT_SECONDS: '30' })).toBe(30);
    expect(lockWaitSeconds({ APT_LOCK_WAIT_SECONDS: 'soon' })).toBe(600);
  });
});
