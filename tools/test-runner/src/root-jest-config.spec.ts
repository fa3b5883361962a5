import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

interface ProjectConfig {
  rootDir: string;
  testTimeout?: number;
  globals?: Record<string, unknown>;
  setupFilesAfterEnv?: string[];
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { projects } = require(join(ROOT, 'jest.config.cjs')) as { projects: ProjectConfig[] };

describe('root jest.config.cjs', () => {
  it('runs every project that has a jest.config.cjs, but not the browser journeys', () => {
    const roots = projects.map((project) => project.rootDir);
    expect(roots).toContain(join(ROOT, 'tools/launcher'));
    expect(roots).toContain(join(ROOT, 'tools/test-runner'));
    expect(roots).not.toContain(join(ROOT, 'e2e'));
    for (const root of roots) expect(existsSync(join(root, 'jest.config.cjs'))).toBe(true);
  });

  it("keeps each project's own test timeout, which Jest ignores inside a project", () => {
    const withTimeouts = projects.filter((project) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const own = require(join(project.rootDir, 'jest.config.cjs')) as { testTimeout?: number };
      expect(project.testTimeout).toBeUndefined();
      expect(project.globals?.__PROJECT_TEST_TIMEOUT__).toBe(own.testTimeout);
      return own.testTimeout !== undefined;
    });
    for (const project of withTimeouts) {
      expect(project.setupFilesAfterEnv).toContain(
        join(ROOT, 'tools/test-runner/jest-project-timeout.cjs'),
      );
    }
  });

  it("runs the integration suites' group files first, and names them only in a grouped run", async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { testSequencer } = require(join(ROOT, 'jest.config.cjs')) as { testSequencer: string };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const GroupsFirst = require(testSequencer) as new (options: object) => {
      sort(tests: { path: string; duration?: number }[]): Promise<{ path: string }[]>;
    };
    const tests = ['a.spec.ts', 'suites-1.e2e-group.ts', 'b.spec.tsx', 'suites-2.e2e-group.ts'].map(
      (name) => ({
        path: join(ROOT, name),
        context: { config: { cache: false }, hasteFS: { getSize: () => 1 } },
      }),
    );
    const order = (await new GroupsFirst({ contexts: [], globalConfig: {} }).sort(tests)).map(
      (test) => test.path.slice(ROOT.length + 1),
    );
    expect(order.slice(0, 2).sort()).toEqual(['suites-1.e2e-group.ts', 'suites-2.e2e-group.ts']);

    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { integrationSuites } = require(join(ROOT, 'build-config/jest/node.cjs')) as {
      integrationSuites: (dir: string) => string[];
    };
    const before = process.env.JEST_SUITE_GROUPS;
    try {
      delete process.env.JEST_SUITE_GROUPS;
      expect(integrationSuites('/p')).toEqual(['/p/test/*.e2e-spec.ts']);
      process.env.JEST_SUITE_GROUPS = '1';
      expect(integrationSuites('/p')).toEqual(['/p/test/suites-*.e2e-group.ts']);
    } finally {
      if (before === undefined) delete process.env.JEST_SUITE_GROUPS;
      else process.env.JEST_SUITE_GROUPS = before;
    }
  });
});
