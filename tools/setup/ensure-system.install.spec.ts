import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSystem, waitForPackageManager } from './ensure-system.mjs';

/**
 * A fake Debian: `apt-get` records its arguments and "installs" redis-server into the same
 * folder, which is the whole PATH; `sudo -n` runs its command (for runs as a normal user).
 */
function fakeSystem({ aptWorks }: { aptWorks: boolean }) {
  const dir = mkdtempSync(join(tmpdir(), 'fake-apt-'));
  const log = join(dir, 'apt.log');
  const script = (name: string, body: string) => {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  };
  script(
    'apt-get',
    `echo "$DEBIAN_FRONTEND $*" >> "${log}"
${aptWorks ? `case "$*" in *install*redis-server*) printf '#!/bin/sh\\n' > "${dir}/redis-server"; /bin/chmod +x "${dir}/redis-server";; esac` : 'exit 100'}`,
  );
  script(
    'sudo',
    'if [ "$1" = "-n" ]; then shift; fi\nif [ "$1" = "true" ]; then exit 0; fi\nexec "$@"',
  );
  return {
    env: { PATH: dir },
    aptCalls: () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []),
    installed: () => existsSync(join(dir, 'redis-server')),
    /** Stand-ins for dpkg's and apt's lock files (the real ones are this machine's). */
    lockFiles: ['lock-frontend', 'lists-lock'].map((name) => {
      writeFileSync(join(dir, name), '');
      return join(dir, name);
    }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Holds a real lock on `file` in a child process for `seconds` (it lets go by exiting, on its
 * own: the wait under test blocks this thread), or until the returned function is called: an
 * fcntl (POSIX) lock, as apt and dpkg take, or a flock(1) one. Resolves once the lock is held.
 */
async function holdLock(
  file: string,
  kind: 'posix' | 'flock',
  seconds: number,
): Promise<() => void> {
  const child =
    kind === 'posix'
      ? spawn(
          'python3',
          [
            '-c',
            'import fcntl,sys,time; f=open(sys.argv[1],"w"); fcntl.lockf(f, fcntl.LOCK_EX); print("held", flush=True); time.sleep(float(sys.argv[2]))',
            file,
            String(seconds),
          ],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        )
      : spawn('flock', [file, 'sh', '-c', `echo held; sleep ${seconds}`], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.once('data', () => resolve());
  });
  return () => void child.kill();
}

describe('ensureSystem installing what is missing', () => {
  let errors: string[];

  beforeEach(() => {
    errors = [];
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  });
  afterEach(() => jest.restoreAllMocks());

  it('updates the package lists, then installs redis-server without questions', () => {
    const system = fakeSystem({ aptWorks: true });
    try {
      expect(ensureSystem({ env: system.env, lockFiles: system.lockFiles })).toBe(true);
      expect(system.aptCalls()).toEqual([
        'noninteractive -o DPkg::Lock::Timeout=600 update -qq',
        'noninteractive -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends redis-server',
      ]);
      expect(system.installed()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      system.remove();
    }
  });

  it('says in one line what is still missing when apt-get fails', () => {
    const system = fakeSystem({ aptWorks: false });
    try {
      expect(ensureSystem({ env: system.env, lockFiles: system.lockFiles })).toBe(false);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(
        /^apt-get did not install everything — redis-server is missing: .*REDIS_URL/,
      );
      expect(errors[0]).not.toContain('\n');
    } finally {
      system.remove();
    }
  });

  it('needs nothing when REDIS_URL names a running Redis', () => {
    const system = fakeSystem({ aptWorks: true });
    try {
      expect(ensureSystem({ env: { ...system.env, REDIS_URL: 'redis://cache:6379' } })).toBe(true);
      expect(system.aptCalls()).toEqual([]);
    } finally {
      system.remove();
    }
  });
});

describe('ensureSystem while the package manager is busy', () => {
  let lines: string[];
  let errors: string[];
  beforeEach(() => {
    lines = [];
    errors = [];
    jest.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    jest.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  });
  afterEach(() => jest.restoreAllMocks());

  it('waits, saying so once, until the lock is let go, then installs', async () => {
    const system = fakeSystem({ aptWorks: true });
    const release = await holdLock(system.lockFiles[1] ?? '', 'flock', 3);
    try {
      expect(ensureSystem({ env: system.env, lockFiles: system.lockFiles, lockPollMs: 100 })).toBe(
        true,
      );
      const waiting = lines.filter((line) => line.includes('waiting for the package manager'));
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatch(
        /^\[setup\] waiting for the package manager \(apt\/dpkg lock held by flock \(pid \d+\)\), up to 600 s…$/,
      );
      expect(system.aptCalls()).toHaveLength(2);
      expect(system.installed()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      release();
      system.remove();
    }
  });

  // python3 holds the fcntl lock (Node has no fcntl); every machine of this kind has it.
  it("sees apt's own kind of lock (fcntl), and gives up after the bounded time in one line", async () => {
    const system = fakeSystem({ aptWorks: true });
    const release = await holdLock(system.lockFiles[0] ?? '', 'posix', 30);
    try {
      const timeoutMs = 300;
      const startedAt = Date.now();
      const result = waitForPackageManager({
        packages: ['redis-server'],
        timeoutMs,
        pollMs: 50,
        files: system.lockFiles,
        log: (line: string) => void lines.push(line),
      });
      const elapsedMs = Date.now() - startedAt;
      expect(lines).toEqual([
        expect.stringMatching(/lock held by python3 \(pid \d+\)\), up to 0 s…$/),
      ]);
      expect(result).toEqual({
        ok: false,
        message: expect.stringMatching(
          /^the package manager stayed busy for \d+ s \(apt\/dpkg lock held by python3 \(pid \d+\); APT_LOCK_WAIT_SECONDS waits longer\) — redis-server is missing: /,
        ),
      });
      // The message says how long it really waited, rounded: at least the bounded time, and no
      // more than this call took (on a loaded machine the 300 ms wait can pass 500 ms, "1 s").
      const saidSeconds = Number(/stayed busy for (\d+) s/.exec(result.message ?? '')?.[1]);
      expect(saidSeconds).toBeGreaterThanOrEqual(Math.round(timeoutMs / 1000));
      expect(saidSeconds).toBeLessThanOrEqual(Math.round(elapsedMs / 1000));
      expect(system.aptCalls()).toEqual([]);
    } finally {
      release();
      system.remove();
    }
  });
});
