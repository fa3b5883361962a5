import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { suitesOfGroup } from './suite-groups';

const ROOT = resolve(__dirname, '../../..');

describe('suitesOfGroup', () => {
  const folder = [
    'b.e2e-spec.ts',
    'suites-2.e2e-group.ts',
    'a.e2e-spec.ts',
    'http.ts',
    'suites-1.e2e-group.ts',
    'c.e2e-spec.ts',
    'a.spec.ts',
  ];

  it("deals the folder's suites in name order round its group files", () => {
    expect(suitesOfGroup('/t/suites-1.e2e-group.ts', folder)).toEqual([
      'a.e2e-spec.ts',
      'c.e2e-spec.ts',
    ]);
    expect(suitesOfGroup('/t/suites-2.e2e-group.ts', folder)).toEqual(['b.e2e-spec.ts']);
  });

  it('refuses a file that is not one of the groups', () => {
    expect(() => suitesOfGroup('/t/b.e2e-spec.ts', folder)).toThrow(/not a group file/);
  });

  it.each(['services/api/test', 'services/worker/test'])(
    'runs every suite of %s in exactly one group',
    (relative) => {
      const dir = join(ROOT, relative);
      const files = readdirSync(dir);
      const groups = files.filter((file) => file.endsWith('.e2e-group.ts'));
      expect(groups.length).toBeGreaterThan(1);
      const grouped = groups.flatMap((group) => suitesOfGroup(join(dir, group), files));
      expect(grouped.sort()).toEqual(files.filter((file) => file.endsWith('.e2e-spec.ts')).sort());
    },
  );
});
