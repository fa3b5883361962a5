import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSystem } from './ensure-system.mjs';

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
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
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
      expect(ensureSystem({ env: system.env })).toBe(true);
      expect(system.aptCalls()).toEqual([
        'noninteractive update -qq',
        'noninteractive install -y -qq --no-install-recommends redis-server',
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
      expect(ensureSystem({ env: system.env })).toBe(false);
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
